// Turns "port already in use" into one line naming the port and the variable
// that picks another, instead of a stack trace.

/**
 * Runs `start()` (which listens on `port`); on EADDRINUSE or EACCES prints
 * one line, runs `cleanup()` and exits with status 1. Other errors propagate.
 */
export async function listenOrExplain(start, port, variable, cleanup) {
  try {
    return await start()
  } catch (error) {
    if (error?.code === "LOCAL_OIDC_PORT_IN_USE") {
      // Local OIDC words its own one line.
      console.error(error.message)
      await cleanup()
      process.exit(1)
    }
    if (error?.code !== "EADDRINUSE" && error?.code !== "EACCES") throw error
    const why = error.code === "EADDRINUSE" ? "is already in use" : "cannot be opened"
    console.error(`Port ${port} ${why}: pick another with ${variable}=${port + 10} npm start`)
    await cleanup()
    process.exit(1)
  }
}
