import { AppError, notFound } from '../../lib/errors.js';

/** The refusals the attempt engine answers with, named once for all its files. */
export const attemptNotFound = () => notFound('Attempt not found');
export const sessionNotFound = () => notFound('Practice session not found');
export const notInAttempt = () => notFound('This question is not part of the attempt');
export const attemptClosed = (message = 'This attempt has been submitted: answers are no longer accepted') => new AppError('ATTEMPT_CLOSED', 409, message);
export const takenOver = () => new AppError('ATTEMPT_TAKEN_OVER', 409, 'This attempt continues on another device');
