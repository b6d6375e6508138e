/**
 * Form building blocks shared by the pages: hidden fields, labelled inputs
 * and buttons. Labels are always tied to their input with `for`/`id`.
 */
import type { ComponentChildren } from "preact"
import type { PageCredentialInput } from "./props.js"

/** A hidden form field. */
export function Hidden({ name, value }: { name: string; value: string }) {
  return <input type="hidden" name={name} value={value} />
}

/** The `id` of an input: `input-{name}-for-{providerId}-provider`, as Auth.js names them. */
export function inputId(name: string, providerId: string): string {
  return `input-${name}-for-${providerId}-provider`
}

// Types that render as a single labelled control; anything else (including
// "hidden", "submit", "image", "file") falls back to "text".
const INPUT_TYPES = ["text", "password", "email", "tel", "url", "number", "search", "date", "datetime-local", "month", "week", "time", "checkbox"] as const

/** An input type the pages render. */
export type InputType = (typeof INPUT_TYPES)[number]

/** The input type to render for a configured `type`; `"text"` unless it is a known single-value type. */
export function inputType(type: unknown): InputType {
  const lower = typeof type === "string" ? type.toLowerCase() : ""
  return INPUT_TYPES.find((known) => known === lower) ?? "text"
}

/** `"username"` → `"Username"`: the default label of a credential field. */
function capitalise(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1)
}

/** Config values may not be strings at runtime; text and attributes are always strings here. */
function optionalString(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : String(value)
}

/** One labelled input of a provider form. */
export function Field({ providerId, name, input }: { providerId: string; name: string; input: PageCredentialInput }) {
  const id = inputId(name, providerId)
  const type = inputType(input.type)
  const label = optionalString(input.label) ?? capitalise(name)
  const common = { id, name, value: optionalString(input.value), required: input.required === true }
  if (type === "checkbox") {
    // A checkbox reads best with its label after it, on the same line.
    return (
      <div class="lk-field lk-check">
        <input {...common} type="checkbox" />
        <label for={id}>{label}</label>
      </div>
    )
  }
  return (
    <div class="lk-field">
      <label for={id}>{label}</label>
      <input
        {...common}
        // Preact's types tie ARIA roles to each literal `type`; all of ours take the same attributes.
        type={type as "text"}
        class="lk-input"
        placeholder={optionalString(input.placeholder)}
        autocomplete={optionalString(input.autocomplete)}
      />
    </div>
  )
}

/**
 * A full-width submit button: `primary` in the brand color, `secondary` the
 * neutral style of provider buttons, `styled` a provider button colored by
 * `style` (from `providerButtonColors`).
 */
export function SubmitButton({
  children,
  variant = "primary",
  style,
}: {
  children: ComponentChildren
  variant?: "primary" | "secondary" | "styled"
  style?: Record<string, string> | undefined
}) {
  const className = variant === "primary" ? "lk-button" : `lk-button lk-button-${variant}`
  return (
    <button type="submit" class={className} style={style}>
      {children}
    </button>
  )
}
