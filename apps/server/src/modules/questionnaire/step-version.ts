import { serverMessages } from '@bauakte/domain';
import { badRequest } from '../../platform/errors';

/**
 * The version an If-Match header names: undefined without one (or with '*', any version), so the
 * save is a plain one as the spec has it. Anything but one tag as ETag gives it is refused (400).
 */
export function ifMatchVersion(header: string | string[] | undefined): number | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return undefined;
  const tag = /^\s*"(\d{1,9})"\s*$/.exec(value);
  if (!tag?.[1]) throw badRequest(serverMessages.ifMatchInvalid);
  return Number(tag[1]);
}
