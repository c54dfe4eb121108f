import { describe, expect, it } from 'vitest';
import { WriteBuffer } from './write-buffer.js';

const filled = (capacity: number, n: number) => {
  const buffer = new WriteBuffer<number>(capacity);
  for (let i = 1; i <= n; i += 1) buffer.push(i);
  return buffer;
};

describe('WriteBuffer', () => {
  it('past its capacity drops the oldest waiting items and counts them', () => {
    const buffer = filled(3, 5);
    expect(buffer.takeDropped()).toBe(2);
    expect(buffer.takeDropped()).toBe(0);
    expect(buffer.takeAll()).toEqual([3, 4, 5]);
  });

  it('counts items being written against the capacity until they are settled', () => {
    const buffer = filled(3, 2);
    const taken = buffer.takeAll();
    buffer.push(3);
    buffer.push(4);
    expect(buffer.takeDropped()).toBe(1);
    expect(buffer.waiting).toBe(1);
    buffer.settle(taken.length);
    buffer.push(5);
    expect(buffer.takeDropped()).toBe(0);
    expect(buffer.takeAll()).toEqual([4, 5]);
  });

  it('drops the new item when every held one is being written', () => {
    const buffer = filled(2, 2);
    expect(buffer.takeAll()).toEqual([1, 2]);
    buffer.push(3);
    expect(buffer.takeDropped()).toBe(1);
    expect(buffer.waiting).toBe(0);
  });

  it('puts items that could not be written back in front of those that came meanwhile', () => {
    const buffer = filled(10, 3);
    const taken = buffer.takeAll();
    buffer.push(4);
    buffer.putBack(taken.slice(1));
    buffer.settle(1);
    expect(buffer.takeAll()).toEqual([2, 3, 4]);
  });

  it('stays in order over many drops (the spent front is cut away)', () => {
    const buffer = filled(1000, 10_000);
    expect(buffer.takeDropped()).toBe(9000);
    const rest = buffer.takeAll();
    expect(rest).toHaveLength(1000);
    expect(rest[0]).toBe(9001);
    expect(rest.at(-1)).toBe(10_000);
  });
});
