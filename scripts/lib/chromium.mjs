/**
 * The system Chromium that `npm test` (browser journeys) and `npm run bench` (Lighthouse, cold loads, the browser
 * benches) drive: CHROME_PATH, else /usr/bin/chromium, installed with apt-get when the machine is Debian and we run
 * as root; otherwise it names the fix and exits.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Chromium to drive: CHROME_PATH, else /usr/bin/chromium (installed when we can). `command` is what the user
 * runs again after fixing it ('npm test', 'npm run bench'). Exits the process (code 1) when there is none.
 * @param {{ command?: string }} [options]
 * @returns {string} the executable's path
 */
export function ensureChromium({ command = 'npm test' } = {}) {
  const wanted = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (isExecutable(wanted)) return wanted;
  if (process.env.CHROME_PATH) {
    console.error(
      `CHROME_PATH=${wanted} is not an executable; point it at Chromium or unset it to use /usr/bin/chromium.`,
    );
    process.exit(1);
  }
  const debian = existsSync('/etc/debian_version');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!debian || !isRoot) {
    console.error(
      'Chromium is missing: install it (Debian: `sudo apt-get install -y chromium`) or set CHROME_PATH, ' +
        `then run \`${command}\` again.`,
    );
    process.exit(1);
  }
  console.log('Chromium is missing: installing it with apt-get (Debian, running as root).');
  const install = spawnSync(
    'sh',
    ['-c', 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium'],
    { stdio: 'inherit' },
  );
  if (install.status !== 0 || !isExecutable(wanted)) {
    console.error(
      `Installing Chromium failed; run \`apt-get update && apt-get install -y chromium\` and \`${command}\` again.`,
    );
    process.exit(1);
  }
  return wanted;
}
