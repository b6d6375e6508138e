/**
 * `#package-files` on runtimes without a file system (edge runtimes,
 * browsers): there are no installed packages to read from, so every read is
 * refused with a reason. Node, Bun and Deno get package-files-node.ts.
 */

/** Always rejects: this runtime cannot read an installed package's files. */
export async function readInstalledPackageFile(packageName: string, path: readonly string[]): Promise<string> {
  throw new Error(
    `Reading ${packageName}/${path.join("/")} needs a runtime with a file system (Node, Bun or Deno); on this runtime, serve your own page instead.`,
  )
}
