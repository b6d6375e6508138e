/**
 * Browser-side checks for the built-in pages: launching Debian's Chromium,
 * measuring color contrast as the user sees it, and reading the Tab order.
 */
import { existsSync } from "node:fs"
import { type Browser, chromium, type Page } from "playwright-core"

/** Where Debian's `chromium` package installs the browser (what .ci/run installs). */
export const CHROMIUM_PATH = "/usr/bin/chromium"

/** Whether the browser tests can run here. */
export const chromiumAvailable = existsSync(CHROMIUM_PATH)

// No background traffic of the browser's own, so any request seen comes from the page.
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
]

/** Starts Chromium. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}

/** One text (or control) whose contrast was measured. */
export interface ContrastSample {
  /** A short description of the element: tag, classes and text. */
  element: string
  /** What was measured: "text", "placeholder", "mark" (a provider's brand mark) or "border". */
  kind: string
  foreground: string
  background: string
  ratio: number
}

/**
 * Measures, in the page, the contrast of every visible element with its own
 * text (headings, paragraphs, labels, links, buttons, the alert, the divider),
 * of input values and placeholders, of the brand marks on provider buttons
 * (their fill against the button), and of input borders against the card.
 * Backgrounds are resolved by walking up the ancestors and compositing
 * translucent layers, as the browser paints them.
 */
export async function measureContrast(page: Page): Promise<ContrastSample[]> {
  // Measure the colours a reader settles on: a state change (hover, a button disabled while a
  // passkey ceremony runs) starts a 150 ms colour transition, and halfway through it the
  // computed colours are a blend that no one reads.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))))
  return page.evaluate(() => {
    type Rgba = [number, number, number, number]
    const parse = (css: string): Rgba => {
      const m = /^rgba?\(([^)]+)\)$/.exec(css)
      if (!m) throw new Error(`Unexpected computed color: ${css}`)
      const parts = m[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number)
      return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1]
    }
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3]
      return [0, 1, 2].map((i) => top[i]! * a + bottom[i]! * (1 - a)).concat(1) as Rgba
    }
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (channel: number) => {
        const c = channel / 255
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      }
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    }
    const ratio = (x: Rgba, y: Rgba) => {
      const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number]
      return (hi + 0.05) / (lo + 0.05)
    }
    const backgroundOf = (element: Element): Rgba => {
      const layers: Rgba[] = []
      for (let node: Element | null = element; node; node = node.parentElement) {
        const layer = parse(getComputedStyle(node).backgroundColor)
        if (layer[3] > 0) layers.push(layer)
        if (layer[3] >= 1) break
      }
      // The canvas behind everything is white.
      return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1])
    }
    const show = (c: Rgba) => `rgb(${c.slice(0, 3).map(Math.round).join(", ")})`
    const describe = (el: Element) =>
      `<${el.tagName.toLowerCase()}${el.getAttribute("class") ? `.${el.getAttribute("class")!.trim().replace(/\s+/g, ".")}` : ""}> ${(el.textContent ?? "").trim().slice(0, 40)}`
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      return box.width > 0 && box.height > 0 && style.visibility !== "hidden" && style.display !== "none"
    }
    const samples: ContrastSample[] = []
    const add = (el: Element, kind: string, color: string, background: Rgba) => {
      const fg = over(parse(color), background)
      samples.push({ element: describe(el), kind, foreground: show(fg), background: show(background), ratio: ratio(fg, background) })
    }
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      if (!visible(el)) continue
      const ownText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== "")
      if (ownText) add(el, "text", getComputedStyle(el).color, backgroundOf(el))
      // Brand marks are held to the text level, 4.5:1, against the button they sit on.
      if (el instanceof SVGPathElement && el.closest(".lk-mark"))
        add(el.closest(".lk-mark")!, "mark", getComputedStyle(el).fill, backgroundOf(el.closest("button")!))
      if (el instanceof HTMLInputElement && el.type !== "hidden" && el.type !== "checkbox") {
        const background = backgroundOf(el)
        add(el, "text", getComputedStyle(el).color, background)
        if (el.placeholder) add(el, "placeholder", getComputedStyle(el, "::placeholder").color, background)
        // WCAG 1.4.11: the outline of a control needs 3:1 against what surrounds it.
        add(el, "border", getComputedStyle(el).borderTopColor, backgroundOf(el.parentElement!))
      }
    }
    return samples
  })
}

/** The focusable elements in DOM order, and the order in which Tab actually visits them. */
export async function focusOrder(page: Page): Promise<{ dom: string[]; tabbed: string[] }> {
  const dom = await page.evaluate(() => {
    const selector = 'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((el) => el.getClientRects().length > 0)
      .map((el, index) => {
        el.dataset.focusIndex = String(index)
        return `${index}:${el.tagName.toLowerCase()}:${(el.id || el.textContent || "").trim()}`
      })
  })
  const tabbed: string[] = []
  for (let i = 0; i < dom.length; i++) {
    await page.keyboard.press("Tab")
    tabbed.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null
        if (!el || el === document.body) return "(body)"
        return `${el.dataset.focusIndex ?? "?"}:${el.tagName.toLowerCase()}:${(el.id || el.textContent || "").trim()}`
      }),
    )
  }
  return { dom, tabbed }
}
