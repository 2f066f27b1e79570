/**
 * `npm run test:electron`: runs the in-host suite (test/electron/suite/) inside VS Code desktop
 * through @vscode/test-electron, with the extension under development and the sandbox book service.
 *
 * VS Code: `VSCODE_EXECUTABLE=/path/to/code` uses that binary; otherwise @vscode/test-electron
 * downloads one (into ~/.cache/isbn-lens-e2e/vscode-test). Where neither works (no download access,
 * as on our machines), it says so in one line and exits 1: run `npm run test:electron:code-server`.
 * On Linux without a display, run it under `xvfb-run -a`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { downloadAndUnzipVSCode, ProgressReportStage, runTests, TestRunFailedError, type ProgressReport, type ProgressReporter } from '@vscode/test-electron';
import { startSandbox, sandboxInfo } from '../sandbox/server';
import { CACHE_DIR, LaunchError, REPO_ROOT, SUITE_BUNDLE, build, main, makeRunDir, suiteSettings } from './prepare';

const NAME = 'test:electron';

/** Says when a download starts and ends; silent otherwise (errors are reported once, by the caller). */
class QuietReporter implements ProgressReporter {
  private announced = false;
  report(report: ProgressReport): void {
    if (report.stage === ProgressReportStage.Downloading && !this.announced) {
      this.announced = true;
      console.log(`Downloading VS Code from ${report.url} …`);
    } else if (report.stage === ProgressReportStage.NewInstallComplete) {
      console.log(`VS Code installed in ${report.downloadedPath}`);
    }
  }
  error(): void {}
}

async function vscodeExecutable(): Promise<string> {
  const given = process.env.VSCODE_EXECUTABLE;
  if (given) {
    if (!fs.existsSync(given)) throw new LaunchError(`VSCODE_EXECUTABLE is ${given}, which does not exist.`);
    return path.resolve(given);
  }
  try {
    return await downloadAndUnzipVSCode({
      cachePath: path.join(CACHE_DIR, 'vscode-test'),
      extensionDevelopmentPath: REPO_ROOT,
      reporter: new QuietReporter(),
      timeout: 30_000,
    });
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new LaunchError(
      `no VS Code to run the suite in: VSCODE_EXECUTABLE is not set and downloading VS Code failed (${why}). ` +
        'Set VSCODE_EXECUTABLE to a VS Code binary, or run the same suite in code-server: npm run test:electron:code-server',
    );
  }
}

async function run(): Promise<number> {
  const executable = await vscodeExecutable(); // first: no build or sandbox when there is nothing to run in
  await build();
  const sandbox = await startSandbox();
  const dir = makeRunDir('electron');
  try {
    const userDataDir = path.join(dir.root, 'user-data');
    const extensionsDir = path.join(dir.root, 'extensions');
    fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
    fs.mkdirSync(extensionsDir);
    fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify(suiteSettings(sandbox.urls), null, 2));
    // The test runner's own Node options must not reach VS Code (Electron reads NODE_OPTIONS).
    for (const k of Object.keys(process.env)) {
      if (k === 'NODE_OPTIONS' || k === 'ELECTRON_RUN_AS_NODE' || k.startsWith('VSCODE_')) delete process.env[k];
    }
    console.log(`Host: VS Code desktop (${executable})`);
    const started = Date.now();
    try {
      await runTests({
        vscodeExecutablePath: executable,
        extensionDevelopmentPath: REPO_ROOT,
        extensionTestsPath: SUITE_BUNDLE,
        launchArgs: [dir.workspace, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--disable-extensions'],
        extensionTestsEnv: { SANDBOX_INFO: JSON.stringify(sandboxInfo(sandbox)) },
      });
    } catch (e) {
      if (e instanceof TestRunFailedError) {
        console.error(`${NAME}: the suite failed in VS Code desktop (${e.signal ? `signal ${e.signal}` : `exit ${e.code}`}).`);
        return 1;
      }
      throw e;
    }
    console.log(`The suite passed in VS Code desktop in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } finally {
    await sandbox.close();
    dir.cleanup();
  }
}

main(NAME, run);
