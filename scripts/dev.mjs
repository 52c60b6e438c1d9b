// npm run dev: the server with reload on change (port 8080) and Vite's dev server (port 5173) in front.
import { spawn } from 'node:child_process';
import { exitUnlessSupportedNode } from './check-node.mjs';

exitUnlessSupportedNode();

const children = [
  spawn('npm', ['run', 'dev', '-w', '@bauakte/server'], { stdio: 'inherit', env: { ...process.env, PORT: process.env.PORT ?? '8080' } }),
  spawn('npm', ['run', 'dev', '-w', '@bauakte/web'], { stdio: 'inherit' }),
];
console.log('Bauakte dev: open http://localhost:5173 (API on http://localhost:8080)');

const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
children.forEach((child) => child.on('exit', (code) => {
  stopAll();
  process.exitCode = code ?? 0;
}));
