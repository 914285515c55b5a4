import { describe, expect, it } from 'vitest';
import { sniffImage } from './report-image.js';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)));

describe('sniffImage', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
    ['png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0])],
    ['gif', bytes('GIF89a', [1, 0])],
    ['gif', bytes('GIF87a', [1, 0])],
    ['webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
    ['heif', bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0])],
    ['heif', bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0])],
  ])('recognises %s by its first bytes', (kind, upload) => {
    expect(sniffImage(upload)).toBe(kind);
  });

  it.each([
    ['an HTML page', bytes('<!doctype html><html>')],
    ['an SVG drawing', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a PDF', bytes('%PDF-1.7\n')],
    ['an MP4 video', bytes([0, 0, 0, 0x18], 'ftypmp42', [0, 0, 0, 0])],
    ['a WAV sound', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['a Windows program', bytes('MZ', [0x90, 0])],
    ['nothing', bytes()],
    ['two bytes of a JPEG', bytes([0xff, 0xd8])],
  ])('refuses %s', (_case, upload) => {
    expect(sniffImage(upload)).toBeUndefined();
  });
});
