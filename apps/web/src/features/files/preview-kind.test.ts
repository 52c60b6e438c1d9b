import { describe, expect, it } from 'vitest';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { pageImageUrl, previewKindOf, renderedPageCount } from './preview-kind';

describe('previewKindOf', () => {
  it('previews JPG, JPEG and PNG as images and PDF by its pages', () => {
    expect(['JPG', 'JPEG', 'PNG', 'PDF'].map((documentType) => previewKindOf({ documentType } as Pick<ProjectFile, 'documentType'>))).toEqual(['image', 'image', 'image', 'pdf']);
    expect(previewKindOf({ documentType: 'TIFF' } as unknown as Pick<ProjectFile, 'documentType'>)).toBe('unsupported');
  });
});

describe('renderedPageCount', () => {
  const pagesUrl = '/api/s3/download/7/34/pages?expires=1&signature=x';

  it('counts the pages the server rendered', () => {
    expect(renderedPageCount({ pageCount: 5, pagesUrl })).toBe(5);
  });

  it('counts none without a link, without a count, or from a server that sends neither field', () => {
    expect(renderedPageCount({ pageCount: 5, pagesUrl: null })).toBe(0);
    expect(renderedPageCount({ pageCount: null, pagesUrl })).toBe(0);
    expect(renderedPageCount({ pageCount: 0, pagesUrl })).toBe(0);
    expect(renderedPageCount({} as Pick<ProjectFile, 'pageCount' | 'pagesUrl'>)).toBe(0);
  });
});

describe('pageImageUrl', () => {
  it('adds page and width to the signed link', () => {
    expect(pageImageUrl('/api/s3/download/7/34/pages?expires=1&signature=x', 2, 960)).toBe('/api/s3/download/7/34/pages?expires=1&signature=x&page=2&width=960');
  });
});
