/**
 * `quire <command> FILE [--<spec option> VALUE ...] [--out FILE]`: one command per
 * registered operation (operations/registry.ts), generated here; each runs its job to a
 * terminal state and prints the final status object. Progress goes to stderr on a TTY.
 * Loaded by main.ts (the executable) once it has started a job command's workers (early-pool.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { PACKAGE_ROOT } from '../package-root.js';
import { listOperations } from '../operations/registry.js';
import { QuireError, errorMessage } from '../errors.js';
import { collectSpecOptions, specOptionsHelp } from './spec-options.js';
import { runCommand, type CommandFlags } from './run-command.js';
import { addServeCommand } from './serve.js';
import { addWorkerCommand } from './worker.js';
import { registerEditCommand } from './commands/edit.js';
import { registerMarkdownCommand } from './commands/markdown.js';
import { registerViewCommand } from './commands/view.js';

/** The CLI's own flags, offered as suggestions when a spec option is mistyped. */
const CLI_FLAGS = ['out', 'workers', 'task-timeout', 'data-dir', 'keep-files', 'out-dir', 'base64-images', 'help'];

const version = (JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

const program = new Command();
program.name('quire').description('Local, offline document processing.').version(version, '-V, --version').showHelpAfterError();

for (const op of listOperations()) {
  program
    .command(op.command ?? op.name)
    .description(`${op.description}. Spec options are given as --<option> VALUE (\`--help\` lists them).`)
    .argument('<file>', 'path or http(s) URL of the document')
    .option('--out <file>', 'write the final status JSON here instead of stdout')
    .option('--workers <n>', 'worker threads (default: cores)')
    .option('--task-timeout <seconds>', 'time limit of one task (a batch of pages) in a worker (default 60)')
    .option('--data-dir <dir>', "folder for the job's input copy and generated files (default: a private per-user temp folder)")
    .option('--keep-files', "keep the job's input copy and generated files (segment images) after the run")
    .option('--out-dir <dir>', 'copy the files the job wrote (the PDFs of a split) into this folder')
    .option('--base64-images', 'segment images as data URIs')
    .addHelpText('after', () => specOptionsHelp(op))
    .allowUnknownOption(true)
    .allowExcessArguments(true)
    .action(async (file: string, flags: CommandFlags, cmd: Command) => {
      let options: Record<string, string>;
      try {
        options = collectSpecOptions(op, cmd.args.slice(1), CLI_FLAGS);
      } catch (err) {
        process.stderr.write(`quire: ${errorMessage(err)}\n`);
        process.exitCode = err instanceof QuireError ? 2 : 1;
        return;
      }
      process.exitCode = await runCommand(op, file, flags, options);
    });
}

addServeCommand(program);
addWorkerCommand(program);
// PDF editing is not a job (the spec answers with the edit result), so not in the registry.
registerEditCommand(program);
// The v3 markdown parse is not a registry operation (its own job shape): registered here.
registerMarkdownCommand(program);
// A viewer of a finished result (no job): registered here.
registerViewCommand(program);

await program.parseAsync(process.argv);
