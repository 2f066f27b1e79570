/** What the in-host suite takes from its extension host: on Node, the environment and the report file. The web worker's twin: suiteHost.web.ts. */
import * as fs from 'node:fs';

export function suiteEnv(name: string): string | undefined {
  return process.env[name];
}

export function appendReport(file: string, line: string): void {
  fs.appendFileSync(file, `${line}\n`);
}

export function hostDescription(): string {
  return `on Node ${process.versions.node}`;
}
