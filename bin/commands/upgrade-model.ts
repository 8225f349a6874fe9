/**
 * `lexdis upgrade-model MODEL [-o OUT]`: converts a model of format version 1 (a LevelDB
 * directory, written by lexdis up to 0.1) to format 2, which the other commands read
 * (src/model/upgrade/). In place unless `-o` names another path; a model already of format 2 or
 * 3 is checked and left as it is.
 */
import type { Command } from 'commander';
import { upgradeModel } from '../../src/model/upgrade/upgrade.js';
import { log } from '../output.js';
import { quietAndProgress } from '../options.js';

interface UpgradeFlags {
  output?: string;
  quiet?: boolean;
}

async function run(model: string, flags: UpgradeFlags): Promise<void> {
  const r = await upgradeModel(model, flags.output ?? model);
  if (flags.quiet) return;
  if (r.upgraded) log(`${r.dir}: format version ${r.fromVersion} converted to format 2 (${r.bytes} bytes)`);
  else log(`${r.dir}: already format version ${r.fromVersion}, checked; nothing written`);
}

export function register(program: Command): void {
  const cmd = program
    .command('upgrade-model')
    .summary('convert a model of format version 1 (LevelDB) to format 2, which the other commands read')
    .description(
      'Reads a model written by lexdis up to 0.1 (format version 1, a LevelDB directory), checks every part, and writes it ' +
      'as format 2 (one immutable file, docs/model-format.md): in place, or at -o OUT. The path holds the old or the new ' +
      'complete model at every instant. A model already of format 2 or 3 is checked whole and nothing is written. MODEL is ' +
      'only read: a folder that is no LevelDB is refused before anything opens it, and the database opened is a copy in ' +
      'the temporary folder, so nothing is written into MODEL unless it is replaced in place.',
    )
    .argument('<model>', 'the model directory')
    .option('-o, --output <dir>', 'write the converted model here instead of replacing MODEL (an absent path, an empty directory or a model)');
  quietAndProgress(cmd, 'no summary line');
  cmd.action((model: string, flags: UpgradeFlags) => run(model, flags));
}
