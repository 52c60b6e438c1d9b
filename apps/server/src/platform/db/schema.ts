import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Role } from '@bauakte/domain';

/** Timestamps are ISO-8601 UTC strings on both dialects, so ordering and comparison behave alike. */
type Timestamp = string;

export type UserStatus = 'INVITED' | 'ACTIVE';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: Generated<string>;
  firstName: Generated<string>;
  lastName: Generated<string>;
  phoneNumber: Generated<string>;
  street: Generated<string>;
  houseNumber: Generated<string>;
  postalCode: Generated<string>;
  city: Generated<string>;
  state: Generated<string>;
  country: Generated<string>;
  municipality: Generated<string>;
  role: Role;
  passwordHash: string | null;
  status: UserStatus;
  createdById: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SessionsTable {
  id: string;
  userId: number;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  /** Set by the unload beacon: the session ends then unless the tab comes back (a reload). */
  endsAt: Timestamp | null;
  revokedAt: Timestamp | null;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  windowStartedAt: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  loginThrottle: LoginThrottleTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
