/**
 * The classify and split operations as the engine's job table wants them (validate,
 * configuration, run). One file so the engine's wiring is one import; with the redesign's
 * registry these become two registrations.
 */
import type { OperationSpec } from './operations.js';
import { validateClassifyOptions, validateSplitOptions, type ClassifyOptions, type SplitOptions } from '../operations/classify/options.js';
import { runClassify } from '../operations/classify/run-classify.js';
import { runSplit } from '../operations/split/run-split.js';

export const classifyOperation: OperationSpec<ClassifyOptions> = {
  validate: validateClassifyOptions,
  configuration: (o) => ({ categories: o.categories }),
  mergeTables: () => false,
  run: (ctx) => runClassify(ctx),
};

export const splitOperation: OperationSpec<SplitOptions> = {
  validate: validateSplitOptions,
  configuration: (o) => ({ classes: o.classes, category_descriptions: o.descriptions }),
  mergeTables: () => false,
  run: (ctx) => runSplit(ctx),
};
