import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseNode, defaultLine, RUNTIMES, satisfies, supportedRange } from '../scripts/node-line.mjs';

const cache = '/cache';
const env = { XDG_CACHE_HOME: cache };

describe('the supported Node lines', () => {
  it('are 22 from 22.13, 24 and 26 and later, without the odd lines between', () => {
    const range = supportedRange();
    for (const version of ['22.13.0', '22.23.3', 'v24.0.0', '24.21.0', '26.0.0', '26.12.1']) expect([version, satisfies(version, range)]).toEqual([version, true]);
    for (const version of ['20.20.2', '22.12.0', '23.11.0', '25.2.1', '18.20.0']) expect([version, satisfies(version, range)]).toEqual([version, false]);
  });

  it('each have a fetchable runtime inside the range, and .nvmrc names one of them', () => {
    for (const version of Object.values(RUNTIMES)) expect(satisfies(version, supportedRange())).toBe(true);
    expect(Object.keys(RUNTIMES)).toContain(String(defaultLine()));
  });

  it('are read from an engines range of ^ and >= alternatives only', () => {
    expect(() => satisfies('22.13.0', '~22.13.0')).toThrow('not "~22.13.0"');
  });
});

describe('the Node a command runs on', () => {
  it('is the running Node when it is supported', () => {
    expect(chooseNode({ current: '24.3.0', execPath: '/opt/node24/bin/node', env })).toEqual({ version: '24.3.0', binDir: '/opt/node24/bin', fetched: false });
  });

  it('is the .nvmrc line from the cache when the running Node is not supported', () => {
    const version = RUNTIMES[defaultLine() as keyof typeof RUNTIMES];
    expect(chooseNode({ current: '20.20.2', execPath: '/usr/bin/node', env })).toEqual({
      version,
      binDir: join(cache, 'abhyas', `node-${version}`, 'bin'),
      home: join(cache, 'abhyas', `node-${version}`),
      fetched: true,
      missing: true,
    });
  });

  it('is the asked line, from the cache unless the running Node is of that line', () => {
    expect(chooseNode({ current: '26.12.1', execPath: '/usr/bin/node', line: 22, env })).toMatchObject({ version: RUNTIMES[22], fetched: true });
    expect(chooseNode({ current: '22.20.0', execPath: '/usr/bin/node', line: 22, env })).toMatchObject({ version: '22.20.0', fetched: false });
    expect(() => chooseNode({ current: '20.20.2', line: 25, env })).toThrow('Node 25 is not one of the lines');
  });
});
