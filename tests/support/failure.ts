import { AppError } from '~/server/shared/errors';

/** The status and message of a rejected promise's AppError. */
export async function failure(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a failure');
}
