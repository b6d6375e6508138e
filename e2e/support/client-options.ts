/**
 * Reads, with the TypeScript checker, the option names a client's React entry
 * declares: the properties of the options parameter of `signIn`, `signOut`,
 * `getSession`, `useSession` and of `SessionProvider`'s props, and how many
 * parameters each function takes. Used to compare `next-auth/react`'s
 * declaration files with `@latchkey/client/react`'s sources, so the list comes
 * from next-auth's `.d.ts` rather than from a copy in the test.
 */
import ts from "typescript"

/** Which parameter of which export holds the options. */
export const OPTION_PARAMETERS = {
  signIn: 1,
  signOut: 0,
  getSession: 0,
  useSession: 0,
  SessionProvider: 0,
} as const

/** An export whose options are compared: `signIn`, `signOut`, `getSession`, `useSession`, `SessionProvider`. */
export type OptionOwner = keyof typeof OPTION_PARAMETERS

/** Per export: its largest parameter count and the option names it accepts. */
export type DeclaredOptions = Record<OptionOwner, { parameters: number; options: string[] }>

/** Reads the options of each entry file, with one program for all of them. */
export function readDeclaredOptions(entries: string[]): DeclaredOptions[] {
  const program = ts.createProgram(entries, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    jsx: ts.JsxEmit.ReactJSX,
    skipLibCheck: true,
    noEmit: true,
  })
  const checker = program.getTypeChecker()
  return entries.map((entry) => {
    const source = program.getSourceFile(entry)
    if (!source) throw new Error(`TypeScript could not read ${entry}`)
    const moduleSymbol = checker.getSymbolAtLocation(source)
    if (!moduleSymbol) throw new Error(`${entry} is not a module`)
    const exported = new Map(checker.getExportsOfModule(moduleSymbol).map((symbol) => [symbol.name, symbol]))
    const result = {} as DeclaredOptions
    for (const [name, index] of Object.entries(OPTION_PARAMETERS) as [OptionOwner, number][]) {
      let symbol = exported.get(name)
      if (!symbol) {
        result[name] = { parameters: 0, options: [] }
        continue
      }
      if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol)
      const signatures = checker.getTypeOfSymbol(symbol).getCallSignatures()
      const options = new Set<string>()
      for (const signature of signatures) {
        const parameter = signature.getParameters()[index]
        if (!parameter) continue
        const type = checker.getNonNullableType(checker.getTypeOfSymbol(parameter))
        const parts = type.isUnion() ? type.types : [type]
        for (const part of parts) for (const property of checker.getPropertiesOfType(part)) options.add(property.name)
      }
      result[name] = {
        parameters: Math.max(0, ...signatures.map((signature) => signature.getParameters().length)),
        options: [...options].sort(),
      }
    }
    return result
  })
}
