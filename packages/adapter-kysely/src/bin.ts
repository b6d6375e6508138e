#!/usr/bin/env node
/**
 * The `latchkey` executable: runs {@link main} with the process's arguments
 * and environment.
 *
 * @module bin
 */
import { main } from "./cli.js"

process.exitCode = await main(process.argv.slice(2))
