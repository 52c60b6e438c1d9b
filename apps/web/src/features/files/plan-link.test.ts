import { describe, expect, it } from 'vitest';
import { linkedPlan } from './plan-link';

const of = (search: string) => linkedPlan(new URLSearchParams(search));

describe('a link to a plan in the viewer', () => {
  it('names the file and the page to open on', () => {
    expect(of('?projectId=3&plan=17&page=4')).toEqual({ fileId: '17', page: 4 });
  });

  it('opens on the first page when the link names none or no valid one', () => {
    expect(of('?plan=17')).toEqual({ fileId: '17', page: 1 });
    for (const page of ['0', '-2', '1.5', 'zwei', '']) expect(of(`?plan=17&page=${page}`)).toEqual({ fileId: '17', page: 1 });
  });

  it('names no plan for a missing or malformed file id', () => {
    for (const search of ['?page=2', '?plan=', '?plan=017', '?plan=1e3', '?plan=-4', '?plan=abc']) expect(of(search)).toBeNull();
  });
});
