// Proves the browser project really runs in Chromium: Node has no canvas, and a fake DOM
// (jsdom, happy-dom) returns no 2D context or blank pixels, so these would fail there.
import { expect, test } from 'vitest';

test('runs in Chromium, not a simulated DOM', () => {
  expect(navigator.userAgent).toMatch(/Chrome\/\d+/);
  expect(typeof WebAssembly.instantiate).toBe('function');
});

test('a 2D canvas draws pixels that can be read back', () => {
  const canvas = document.createElement('canvas');
  canvas.width = 4;
  canvas.height = 4;
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('no 2D context');
  context.fillStyle = 'rgb(200, 30, 40)';
  context.fillRect(1, 1, 2, 2);

  expect(Array.from(context.getImageData(1, 1, 1, 1).data)).toEqual([200, 30, 40, 255]);
  expect(Array.from(context.getImageData(0, 0, 1, 1).data)).toEqual([0, 0, 0, 0]);
});
