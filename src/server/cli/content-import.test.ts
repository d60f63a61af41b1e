import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../paths';

const execFileP = promisify(execFile);
const FIXTURES = join(ROOT, 'src/server/domain/content-import/fixtures');
const tsx = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

describe('npm run content:import and content:export', () => {
  it('imports a folder (dry run first), exports a category and writes the template, on the configured database', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'content-cli-'));
    // The embedded database: a child process cannot open the test's own.
    const env = { ...process.env, DATA_DIR: join(tmp, 'db'), DATABASE_URL: '' };
    const run = (cli: string, args: string[]) =>
      execFileP(process.execPath, [tsx, join(ROOT, `src/server/cli/${cli}.ts`), ...args], { env, cwd: ROOT }).catch(
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
    const folder = join(tmp, 'in');
    mkdirSync(folder);
    copyFileSync(join(FIXTURES, 'otqa-utf8'), join(folder, 'world-capitals'));
    copyFileSync(join(FIXTURES, 'questions.csv'), join(folder, 'questions.csv'));
    writeFileSync(join(folder, 'README.md'), '# not questions\n');

    const dry = await run('content-import', [folder, '--language', 'en', '--dry-run']);
    expect(dry).toMatchObject({ code: 1 });
    expect(dry.stdout).toContain('README.md: skipped, unknown format');
    expect(dry.stdout).toContain('world-capitals (otqa, utf-8): 5 rows; 4 new questions to import (dry run');
    expect(dry.stdout).toContain('  line 26: the answer "Nowhere" is not one of the options');

    const done = await run('content-import', [folder, '--language', 'en', '--skip-errors']);
    expect(done.stdout).toContain('new categories: World Capitals');
    expect(done.stdout).toMatch(/2 files: 12 rows, 11 questions imported, 0 duplicates, 1 row with errors/);
    expect(done).not.toHaveProperty('code');

    const out = join(tmp, 'capitals.json');
    const exported = await run('content-export', ['--category', 'world-capitals', '--format', 'json', '--out', out]);
    expect(exported.stderr).toContain(`4 questions written to ${out}`);
    const items = JSON.parse(readFileSync(out, 'utf8')) as { question: string; option_a: string }[];
    expect(items[0]).toMatchObject({ question: 'Which river flows through Zürich?', option_a: 'Rhône' });

    const template = await run('content-export', ['--template']);
    expect(template.stdout.split('\r\n')[0]).toBe(
      '\ufeffquestion,type,option_a,option_b,option_c,option_d,option_e,match_a,match_b,match_c,match_d,match_e,' +
        'answer,level,marks,explanation,image,audio,latex,category,subcategory,language',
    );
    expect(await run('content-import', [folder, '--format', 'pdf'])).toMatchObject({ code: 2 });
  }, 300_000);
});
