import { afterEach, describe, expect, it } from 'vitest';
import { takeRefusedCalls } from './network-guard';

afterEach(() => {
  takeRefusedCalls();
});

describe('the network guard of web tests', () => {
  it('refuses fetch to the app’s own origin where it is called, naming the URL', async () => {
    expect(() => fetch('/public/trackUser', { method: 'POST' })).toThrow('A web test reached the network: POST http://localhost:3000/public/trackUser');
    expect(takeRefusedCalls()).toEqual(['POST http://localhost:3000/public/trackUser']);
  });

  it('refuses a beacon and an XMLHttpRequest to any other host', () => {
    expect(() => navigator.sendBeacon('https://example.com/collect', 'x')).toThrow('POST https://example.com/collect');
    const xhr = new XMLHttpRequest();
    expect(() => xhr.open('GET', '/api/users/profile')).toThrow('GET http://localhost:3000/api/users/profile');
    expect(takeRefusedCalls()).toEqual(['POST https://example.com/collect', 'GET http://localhost:3000/api/users/profile']);
  });
});
