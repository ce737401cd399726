import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_MESSAGE,
  RESERVED_EMAIL_MESSAGE,
  USERNAME_MESSAGES,
  registerRequestSchema,
  verifyCodeRequestSchema,
} from '~/lib/schemas/auth';
import { deletedEmail } from '~/server/auth/deletion';

function messages(body: unknown) {
  const result = z.safeParse(registerRequestSchema, body);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('sign-up rules', () => {
  it('accepts 3 to 20 letters, digits, underscores and dashes, and normalises the e-mail', () => {
    expect(z.parse(registerRequestSchema, { username: ' Good_1-x ', email: ' Foo@Example.COM ' })).toEqual({
      username: 'Good_1-x',
      email: 'foo@example.com',
    });
    expect(messages({ username: 'abc', email: 'a@b.co' })).toEqual([]);
    expect(messages({ username: 'a'.repeat(20), email: 'a@b.co' })).toEqual([]);
  });

  it('gives the spec messages for a bad username', () => {
    expect(messages({ username: 'ab', email: 'a@b.co' })).toEqual([`username: ${USERNAME_MESSAGES.tooShort}`]);
    expect(messages({ username: 'a'.repeat(21), email: 'a@b.co' })).toEqual([`username: ${USERNAME_MESSAGES.tooLong}`]);
    expect(messages({ username: 'bad name!', email: 'a@b.co' })).toEqual([`username: ${USERNAME_MESSAGES.characters}`]);
  });

  it('rejects a bad or missing e-mail and wrong types with a readable message', () => {
    expect(messages({ username: 'abc', email: 'not-an-email' })).toEqual([`email: ${EMAIL_MESSAGE}`]);
    expect(messages({ username: 'abc' })).toEqual([`email: ${EMAIL_MESSAGE}`]);
    expect(messages({ username: 42, email: 'a@b.co' })).toEqual([`username: ${USERNAME_MESSAGES.tooShort}`]);
  });

  it("refuses the reserved .invalid domain, and can never produce a deleted account's e-mail", () => {
    for (const email of ['deleted-8@deleted.invalid', 'Someone@Mail.INVALID '])
      expect([email, messages({ username: 'abc', email })]).toEqual([email, [`email: ${RESERVED_EMAIL_MESSAGE}`]]);
    expect(messages({ username: 'abc', email: 'a@invalid.example.com' })).toEqual([]);
    expect(messages({ username: 'abc', email: deletedEmail(8) })).toEqual([`email: ${EMAIL_MESSAGE}`]);
  });
});

describe('one-time code', () => {
  it('takes exactly six digits', () => {
    expect(z.parse(verifyCodeRequestSchema, { email: 'a@b.co', code: ' 123456 ' }).code).toBe('123456');
    expect(z.safeParse(verifyCodeRequestSchema, { email: 'a@b.co', code: '12345' }).success).toBe(false);
    expect(z.safeParse(verifyCodeRequestSchema, { email: 'a@b.co', code: 123456 }).success).toBe(false);
  });
});
