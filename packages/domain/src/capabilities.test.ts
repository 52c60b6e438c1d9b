import { describe, expect, it } from 'vitest';
import { can, capabilities, rolesWith, type Capability } from './capabilities';
import type { Role } from './roles';

/** Spec section 6 as the web shows it: who is offered what. */
const expected: Record<Capability, readonly Role[]> = {
  manageTeams: ['ADMIN'],
  manageUsers: ['ADMIN'],
  manageCustomers: ['ARCHI'],
  manageProjects: ['ARCHI'],
  export: ['ARCHI'],
  viewProjects: ['ARCHI', 'CLIENT'],
  uploadFiles: ['ARCHI', 'CLIENT'],
  removeAnyQuestionPhoto: ['ARCHI'],
  chat: ['ARCHI', 'CLIENT'],
  deleteChats: ['ADMIN', 'ARCHI'],
  followFormCompletion: ['ARCHI'],
  viewArchitectDashboard: ['ARCHI'],
  viewClientDashboard: ['CLIENT'],
  registerWithoutAddress: ['ADMIN', 'ARCHI'],
  holdPostalAddress: ['ARCHI', 'CLIENT'],
  receiveAdminInvitation: ['ARCHI'],
  editCustomerDetails: ['ARCHI'],
  beCustomer: ['CLIENT'],
  assignPinItems: ['ARCHI'],
  raiseFollowUps: ['ARCHI'],
  answerFollowUps: ['CLIENT'],
};

describe('can', () => {
  it('grants each capability to exactly the roles of spec section 6', () => {
    expect([...capabilities].sort()).toEqual(Object.keys(expected).sort());
    for (const capability of capabilities) {
      for (const role of ['ADMIN', 'ARCHI', 'CLIENT'] as const) {
        expect(can({ roles: [role] }, capability), `${role} ${capability}`).toBe(expected[capability].includes(role));
      }
      expect(rolesWith(capability)).toEqual(expected[capability]);
    }
  });

  it('keeps administrators out of chats and uploads, and clients out of export and project management', () => {
    expect(can({ roles: ['ADMIN'] }, 'chat')).toBe(false);
    expect(can({ roles: ['ADMIN'] }, 'uploadFiles')).toBe(false);
    expect(can({ roles: ['CLIENT'] }, 'export')).toBe(false);
    expect(can({ roles: ['CLIENT'] }, 'manageProjects')).toBe(false);
  });

  it('adds up the capabilities of several roles', () => {
    const both = { roles: ['ADMIN', 'CLIENT'] };
    expect(can(both, 'manageTeams')).toBe(true);
    expect(can(both, 'chat')).toBe(true);
    expect(can(both, 'export')).toBe(false);
  });

  it('gives nothing to no user, no role or a role the portal does not know', () => {
    for (const capability of capabilities) {
      expect(can(null, capability)).toBe(false);
      expect(can(undefined, capability)).toBe(false);
      expect(can({ roles: [] }, capability)).toBe(false);
      expect(can({ roles: ['archi', 'SUPERUSER'] }, capability)).toBe(false);
    }
  });
});
