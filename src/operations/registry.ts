/**
 * The one list of operations. Adding an operation = one folder under operations/ exporting
 * an `Operation` (operation.ts) + one line here; the engine (submit, view, wait, cancel,
 * list) and the CLI commands are generated from this list. `registerOperation` adds one at
 * run time (tests, embedders) without editing this file.
 */
import type { Operation } from './operation.js';
import { parseOperation } from './parse/operation.js';
import { parseExcelOperation } from './parse-excel/operation.js';
import { tablesOperation } from './tables/operation.js';
import { classifyOperation } from './classify/operation.js';
import { splitOperation } from './split/operation.js';
import { extractOperation } from './extract/operation.js';

/** The production operations, in the order the CLI lists them. */
export const builtInOperations: readonly Operation[] = [
  parseOperation,
  parseExcelOperation,
  tablesOperation,
  classifyOperation,
  splitOperation,
  extractOperation,
];

const registered = new Map<string, Operation>(builtInOperations.map((op) => [op.name, op]));

/** Adds an operation (tests, embedders). A name already taken is refused. */
export function registerOperation(op: Operation): void {
  if (registered.has(op.name)) throw new Error(`an operation named ${op.name} is already registered`);
  registered.set(op.name, op);
}

export function getOperation(name: string): Operation | undefined {
  return registered.get(name);
}

export function listOperations(): Operation[] {
  return [...registered.values()];
}
