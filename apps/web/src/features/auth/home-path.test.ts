import { describe, expect, it } from 'vitest';
import { dashboardPathFor, homePathFor, questionnaireReturnPathFor } from './home-path';

describe('homePathFor', () => {
  it.each([
    [['ADMIN'], '/admin'],
    [['CLIENT'], '/dashboardClient'],
    [['ARCHI'], '/dashboard'],
    [['SOMETHING'], '/dashboard'],
    [[], '/dashboard'],
  ])('sends %j to %s', (roles, path) => expect(homePathFor(roles)).toBe(path));
});

describe('dashboardPathFor', () => {
  it('sends architects to /dashboard and everyone else to /dashboardClient', () => {
    expect(dashboardPathFor(['ARCHI'])).toBe('/dashboard');
    expect(dashboardPathFor(['CLIENT'])).toBe('/dashboardClient');
  });
});

describe('questionnaireReturnPathFor', () => {
  it('returns clients to /dashboardClient and everyone else to /dashboard', () => {
    expect(questionnaireReturnPathFor(['CLIENT'])).toBe('/dashboardClient');
    expect(questionnaireReturnPathFor(['ARCHI'])).toBe('/dashboard');
    expect(questionnaireReturnPathFor(['ADMIN'])).toBe('/dashboard');
  });
});
