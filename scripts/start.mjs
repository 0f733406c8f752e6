// `npm start`: build what is missing, then run the platform, which serves the portal, the APIs
// and every tenant from one process on one origin (DESIGN §2).
import { spawn } from 'node:child_process';
import { ensureFrontEndBuilds } from './front-end-builds.mjs';
import { platformCommand } from './platform-command.mjs';

try {
  ensureFrontEndBuilds();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const { command, args } = platformCommand();
const server = spawn(command, args, {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
