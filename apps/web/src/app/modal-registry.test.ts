import { describe, expect, it } from 'vitest';
import { modalBodyFor } from './modal-registry';

describe('modalBodyFor', () => {
  it('gives admins the user overview and architects their customer overview', () => {
    expect(modalBodyFor('AllUser', ['ADMIN'])).not.toBeNull();
    expect(modalBodyFor('AllUser', ['ARCHI'])).not.toBeNull();
    expect(modalBodyFor('AllUser', ['ADMIN'])).not.toBe(modalBodyFor('AllUser', ['ARCHI']));
    expect(modalBodyFor('AllUser', ['CLIENT'])).toBeNull();
  });

  it('builds the customer and project modals for architects only', () => {
    for (const type of ['CreateUser', 'CreateProject', 'AllProjects'] as const) {
      expect(modalBodyFor(type, ['ARCHI'])).not.toBeNull();
      expect(modalBodyFor(type, ['CLIENT'])).toBeNull();
    }
  });

  it('builds the upload for architects and clients, who may upload files (spec section 6)', () => {
    expect(modalBodyFor('UploadImage', ['ARCHI'])).not.toBeNull();
    expect(modalBodyFor('UploadImage', ['CLIENT'])).not.toBeNull();
    expect(modalBodyFor('UploadImage', ['ADMIN'])).toBeNull();
  });

  it('builds the profile and notification settings for everyone, the chat for architects and clients', () => {
    expect(modalBodyFor('UserProfil', ['CLIENT'])).not.toBeNull();
    expect(modalBodyFor('NotificationSettings', ['ARCHI'])).not.toBeNull();
    expect(modalBodyFor('ChatDialog', ['CLIENT'])).not.toBeNull();
    expect(modalBodyFor('NewChat', ['ARCHI'])).not.toBeNull();
    expect(modalBodyFor('ChatDialog', ['ADMIN'])).toBeNull();
  });

  it('builds the export for architects only (spec section 6)', () => {
    expect(modalBodyFor('ExportProject', ['ARCHI'])).not.toBeNull();
    expect(modalBodyFor('ExportProject', ['CLIENT'])).toBeNull();
    expect(modalBodyFor('ExportProject', ['ADMIN'])).toBeNull();
  });
});
