import { STORED_PICTURE_JPEG_QUALITY, STORED_PICTURE_MAX_SIDE } from '../../services/report/src/domain/report.js';
import { describe, expect, it } from 'vitest';
import { PREPARED_PICTURE_QUALITY, STORED_PICTURE_MAX_SIDE as PREPARED_PICTURE_MAX_SIDE } from '../../frontend/src/features/report/lib/picture-preparation.js';

describe('the picture the site prepares before upload', () => {
  it('is as large and as fine as the picture the report service stores, so preparing it loses nothing the server keeps', () => {
    expect(PREPARED_PICTURE_MAX_SIDE).toBe(STORED_PICTURE_MAX_SIDE);
    expect(Math.round(PREPARED_PICTURE_QUALITY * 100)).toBe(STORED_PICTURE_JPEG_QUALITY);
  });
});
