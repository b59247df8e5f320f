#!/usr/bin/env node
/** `linkedart`: the command-line program (program.ts); each subcommand lives in its own module. */
import { runProgram } from './runProgram.js';

void runProgram(process.argv);
