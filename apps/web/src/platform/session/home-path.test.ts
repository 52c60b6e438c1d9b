import { describe, expect, it } from 'vitest';
import { dashboardPathFor, homePathFor, questionnaireReturnPathFor, pathAfterLogin } from './home-path';

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

describe('pathAfterLogin', () => {
  it("follows a mail's link to the user's own chat or a project, nothing else", () => {
    expect(pathAfterLogin(['CLIENT'], '/dashboardClient?chat=12')).toBe('/dashboardClient?chat=12');
    expect(pathAfterLogin(['ARCHI'], '/projectOverview?projectId=7')).toBe('/projectOverview?projectId=7');
    expect(pathAfterLogin(['CLIENT'], '/dashboard?chat=12')).toBe('/dashboardClient');
    expect(pathAfterLogin(['ARCHI'], '/dashboard?chat=x')).toBe('/dashboard');
    expect(pathAfterLogin(['ADMIN'], '/projectOverview?projectId=7')).toBe('/admin');
    expect(pathAfterLogin(['ARCHI'], '/general')).toBe('/dashboard');
    expect(pathAfterLogin(['ARCHI'], undefined)).toBe('/dashboard');
  });
});
