// Launches Debian's Chromium through playwright-core (never a downloaded browser).
import { chromium } from 'playwright-core';

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROME_BIN ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
