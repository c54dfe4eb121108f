import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLDivElement;
let root: Root;
const seen: string[] = [];

function Probe({ value, delay = 300 }: { value: string; delay?: number }) {
  const debounced = useDebouncedValue(value, delay);
  seen.push(debounced);
  return <output>{debounced}</output>;
}

const shown = () => container.querySelector('output')?.textContent;

beforeEach(() => {
  vi.useFakeTimers();
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  seen.length = 0;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

describe('useDebouncedValue', () => {
  it('starts with the first value', () => {
    act(() => root.render(<Probe value="a" />));
    expect(shown()).toBe('a');
  });

  it('follows a change only after the delay', () => {
    act(() => root.render(<Probe value="a" />));
    act(() => root.render(<Probe value="ab" />));
    act(() => vi.advanceTimersByTime(299));
    expect(shown()).toBe('a');
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBe('ab');
  });

  it('restarts the wait on every change, so typing yields one update', () => {
    act(() => root.render(<Probe value="a" />));
    for (const value of ['ab', 'abc', 'abcd']) {
      act(() => root.render(<Probe value={value} />));
      act(() => vi.advanceTimersByTime(200));
    }
    expect(shown()).toBe('a');
    act(() => vi.advanceTimersByTime(100));
    expect(shown()).toBe('abcd');
    expect(new Set(seen)).toEqual(new Set(['a', 'abcd']));
  });

  it('honours another delay', () => {
    act(() => root.render(<Probe value="x" delay={400} />));
    act(() => root.render(<Probe value="y" delay={400} />));
    act(() => vi.advanceTimersByTime(300));
    expect(shown()).toBe('x');
    act(() => vi.advanceTimersByTime(100));
    expect(shown()).toBe('y');
  });
});
