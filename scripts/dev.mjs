#!/usr/bin/env node
// `npm run dev`: the API with reload (tsx watch) on :3000 and the web app with hot reload (Vite) on :5173,
// which proxies /api to the API. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const procs = [
  spawn('npm', ['run', 'dev', '-w', 'apps/api'], {
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? `${process.cwd()}/data` },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs)
  p.on('exit', (code) => {
    if (code) stop();
  });
console.log('\n  API on http://localhost:3000 · web app with hot reload on http://localhost:5173\n');
