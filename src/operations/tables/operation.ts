/**
 * The table extraction operation (`POST /tables`): every table of a PDF or page image with its grid,
 * HTML and markdown, in the spec's table extraction result.
 */
import type { Operation } from '../operation.js';
import { precheckTablesInput, tablesConfiguration, validateTablesOptions, type TablesOptions } from './options.js';
import type { TablesResult } from './run-tables.js';
import { tablesViews } from './views.js';

export const tablesOperation: Operation<TablesOptions, TablesResult> = {
  name: 'tables',
  description: 'Detect and extract the tables of a PDF or image',
  genericType: 'table_extraction',
  family: 'tables',
  extraOptionNames: ['password', 'file_name'],
  validate: validateTablesOptions,
  precheck: precheckTablesInput,
  publicConfig: tablesConfiguration,
  // Loads with the first tables job, not with every engine (CLI start-up).
  run: async (ctx) => (await import('./run-tables.js')).runTables(ctx),
  views: tablesViews,
};
