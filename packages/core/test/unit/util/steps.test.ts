/**
 * runSteps: a generator that yields what it waits for finishes synchronously
 * while nothing is a thenable, and behaves like an async function (ordering,
 * try/catch of rejections, finally) once something is.
 */
// biome-ignore-all lint/suspicious/noThenProperty: thenables, and values with a `then` that is not one, are what this file tests.
import { describe, expect, it } from "vitest"
import { isThenable, runSteps, type Steps, wait } from "../../../src/util/steps.js"

/** A thenable that is not a Promise: resolves (asynchronously) with `value`. */
function customThenable<T>(value: T): PromiseLike<T> & { thenCalls: number } {
  const thenable = {
    thenCalls: 0,
    then<R1 = T, R2 = never>(onFulfilled?: ((v: T) => R1 | PromiseLike<R1>) | null, onRejected?: ((e: unknown) => R2 | PromiseLike<R2>) | null) {
      thenable.thenCalls++
      return Promise.resolve(value).then(onFulfilled, onRejected)
    },
  }
  return thenable
}

describe("isThenable", () => {
  it("recognises promises and objects or functions with a then method, nothing else", () => {
    const thenableFunction = Object.assign(() => {}, { then: () => {} })
    expect(isThenable(Promise.resolve(1))).toBe(true)
    expect(isThenable(customThenable(1))).toBe(true)
    expect(isThenable(thenableFunction)).toBe(true)
    // A `then` that is not a function (e.g. a JWT claim named "then") is a plain value.
    expect(isThenable({ then: "not a function" })).toBe(false)
    expect(isThenable(null)).toBe(false)
    expect(isThenable(undefined)).toBe(false)
    expect(isThenable(0)).toBe(false)
    expect(isThenable("then")).toBe(false)
    expect(isThenable({})).toBe(false)
  })
})

describe("wait", () => {
  it("yields a plain value as is and returns what it is resumed with, creating no promise", () => {
    const steps = wait(42)
    const first = steps.next()
    expect(first).toEqual({ done: false, value: 42 })
    expect(first.value instanceof Promise).toBe(false)
    expect(steps.next("resumed")).toEqual({ done: true, value: "resumed" })
  })

  it("yields a promise as the same promise (runSteps decides how to wait)", () => {
    const promise = Promise.resolve(1)
    expect(wait(promise).next().value).toBe(promise)
  })
})

describe("runSteps", () => {
  it("returns a plain value, not a promise, when nothing yielded was a thenable", () => {
    function* add(): Steps<number> {
      const a = yield* wait(1)
      const b = yield* wait(2)
      return a + b
    }
    const result = runSteps(add())
    expect(result instanceof Promise).toBe(false)
    expect(result).toBe(3)
  })

  it("returns synchronously a generator that never yields", () => {
    // biome-ignore lint/correctness/useYield: a generator that never yields is the case under test.
    function* immediate(): Steps<string> {
      return "done"
    }
    expect(runSteps(immediate())).toBe("done")
  })

  it("returns a promise of the right value when a step is async, running steps in order", async () => {
    const effects: string[] = []
    function* mixed(): Steps<number> {
      effects.push("start")
      const a = yield* wait(1)
      effects.push(`sync ${a}`)
      const b = yield* wait(Promise.resolve(10))
      effects.push(`async ${b}`)
      const c = yield* wait(100)
      effects.push(`sync ${c}`)
      const d = yield* wait(new Promise<number>((resolve) => setTimeout(() => resolve(1000), 1)))
      effects.push(`async ${d}`)
      return a + b + c + d
    }
    const result = runSteps(mixed())
    // Everything before the first promise ran synchronously, nothing after it.
    expect(effects).toEqual(["start", "sync 1"])
    expect(result instanceof Promise).toBe(true)
    expect(await result).toBe(1111)
    expect(effects).toEqual(["start", "sync 1", "async 10", "sync 100", "async 1000"])
  })

  it("waits for thenables that are not promises", async () => {
    const thenable = customThenable("from thenable")
    function* steps(): Steps<string> {
      const value = yield* wait(thenable)
      return `got ${value}`
    }
    const result = runSteps(steps())
    expect(result instanceof Promise).toBe(true)
    expect(await result).toBe("got from thenable")
    expect(thenable.thenCalls).toBeGreaterThan(0)
  })

  it("throws a rejection into the generator, whose try/catch can recover", async () => {
    const effects: string[] = []
    function* recovering(): Steps<string> {
      try {
        yield* wait(Promise.reject(new Error("boom")))
        effects.push("not reached")
      } catch (error) {
        effects.push(`caught ${(error as Error).message}`)
      }
      // Recovered: later steps still run, synchronous ones too.
      const after = yield* wait("after")
      return after
    }
    await expect(runSteps(recovering())).resolves.toBe("after")
    expect(effects).toEqual(["caught boom"])
  })

  it("throws a rejection of a custom thenable into the generator too", async () => {
    const rejecting: PromiseLike<never> = {
      then: (_onFulfilled, onRejected) => Promise.reject(new Error("thenable failed")).then(undefined, onRejected),
    }
    function* steps(): Steps<string> {
      try {
        return yield* wait(rejecting)
      } catch (error) {
        return `caught ${(error as Error).message}`
      }
    }
    await expect(runSteps(steps())).resolves.toBe("caught thenable failed")
  })

  it("rejects the returned promise with an uncaught rejection", async () => {
    const failure = new Error("uncaught")
    function* failing(): Steps<number> {
      yield* wait(Promise.reject(failure))
      return 1
    }
    const result = runSteps(failing())
    expect(result instanceof Promise).toBe(true)
    await expect(result).rejects.toBe(failure)
  })

  it("throws synchronously (not a rejected promise) when the generator throws before waiting on anything", () => {
    const failure = new Error("sync failure")
    function* failing(): Steps<number> {
      yield* wait(1)
      throw failure
    }
    let thrown: unknown
    let returned: unknown
    try {
      returned = runSteps(failing())
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBe(failure)
    expect(returned).toBeUndefined()
  })

  it("rejects (does not throw) when the generator throws after an await", async () => {
    const failure = new Error("late failure")
    function* failing(): Steps<number> {
      yield* wait(Promise.resolve(1))
      throw failure
    }
    let result: unknown
    expect(() => {
      result = runSteps(failing())
    }).not.toThrow()
    await expect(result).rejects.toBe(failure)
  })

  it("catches a synchronous throw of a nested step in the outer generator, like a sync throw of an awaited call", () => {
    function* inner(): Steps<number> {
      yield* wait(1)
      throw new Error("inner")
    }
    function* outer(): Steps<string> {
      try {
        yield* inner()
        return "no error"
      } catch (error) {
        return `outer caught ${(error as Error).message}`
      }
    }
    expect(runSteps(outer())).toBe("outer caught inner")
  })

  it("runs finally blocks on success, on a caught rejection and on an uncaught one", async () => {
    const effects: string[] = []
    function* withFinally(label: string, step: unknown, catchIt: boolean): Steps<string> {
      try {
        try {
          yield* wait(step)
          return `${label} ok`
        } finally {
          effects.push(`${label} finally`)
        }
      } catch (error) {
        if (!catchIt) throw error
        return `${label} recovered`
      }
    }
    expect(runSteps(withFinally("sync", 1, false))).toBe("sync ok")
    await expect(runSteps(withFinally("async", Promise.resolve(1), false))).resolves.toBe("async ok")
    await expect(runSteps(withFinally("caught", Promise.reject(new Error("x")), true))).resolves.toBe("caught recovered")
    await expect(runSteps(withFinally("uncaught", Promise.reject(new Error("y")), false))).rejects.toThrow("y")
    expect(effects).toEqual(["sync finally", "async finally", "caught finally", "uncaught finally"])
  })

  it("passes a resolved value of undefined or null back into the generator unchanged", async () => {
    function* steps(): Steps<unknown[]> {
      const a = yield* wait(Promise.resolve(undefined))
      const b = yield* wait(null)
      const c = yield* wait(Promise.resolve(null))
      return [a, b, c]
    }
    expect(await runSteps(steps())).toEqual([undefined, null, null])
  })

  it("does not wait for a plain value that merely has a non-function then", () => {
    // e.g. a JWT with a claim named "then": a value, not something to wait for.
    const token = { sub: "1", then: "claim" }
    function* steps(): Steps<unknown> {
      return yield* wait(token)
    }
    expect(runSteps(steps())).toBe(token)
  })

  // Bug: `await x` turns a throwing `then` getter into a rejection that the
  // surrounding try/catch sees; runSteps reads `then` outside the generator,
  // so the error escapes runSteps and the generator's catch/finally never run.
  it("treats a value whose then getter throws as await does: the generator's try/catch sees it", () => {
    const effects: string[] = []
    // e.g. a strict model proxy that throws on any unknown property.
    const strict = new Proxy(
      {},
      {
        get(_target, property) {
          if (property === "then") throw new Error("no property then")
          return undefined
        },
      },
    )
    function* steps(): Steps<string> {
      try {
        yield* wait(strict)
        return "waited"
      } catch (error) {
        return `caught ${(error as Error).message}`
      } finally {
        effects.push("finally")
      }
    }
    let outcome: unknown
    try {
      outcome = runSteps(steps())
    } catch (error) {
      outcome = `escaped: ${(error as Error).message}`
    }
    // `await strict` inside an async function rejects with the getter's error.
    return Promise.resolve(outcome).then((value) => {
      expect(value).toBe("caught no property then")
      expect(effects).toEqual(["finally"])
    })
  })
})
