// JUnit XML read by a real XML parser: Chromium's DOMParser, in a page of Debian's Chromium (the
// test's own TypeScript has no DOM, and no XML parser is among the project's packages).

import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/workbench-fixture.ts';

export interface ParsedJunit {
  /** The parser's complaint; null for well-formed XML. */
  error: string | null;
  root: string;
  tests: number;
  failures: number;
  errors: number;
  cases: {
    classname: string;
    name: string;
    failure: string | null;
    failureText: string | null;
    error: string | null;
    out: string | null;
  }[];
}

export async function parsedJunit(xml: string): Promise<ParsedJunit> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    return (await page.evaluate(`(() => {
      const doc = new DOMParser().parseFromString(${JSON.stringify(xml)}, 'application/xml');
      const error = doc.querySelector('parsererror');
      const root = doc.documentElement;
      return {
        error: error ? error.textContent : null,
        root: root.tagName,
        tests: Number(root.getAttribute('tests')),
        failures: Number(root.getAttribute('failures')),
        errors: Number(root.getAttribute('errors')),
        cases: [...doc.querySelectorAll('testcase')].map((node) => ({
          classname: node.getAttribute('classname'),
          name: node.getAttribute('name'),
          failure: node.querySelector('failure')?.getAttribute('message') ?? null,
          failureText: node.querySelector('failure')?.textContent ?? null,
          error: node.querySelector('error')?.getAttribute('message') ?? null,
          out: node.querySelector('system-out')?.textContent ?? null,
        })),
      };
    })()`)) as ParsedJunit;
  } finally {
    await browser.close();
  }
}
