// Mr Quiz on the server: a run is scored from its ticket, which holds the answers the server took
// and timed one by one (`quiz.ts`); the run must claim that score.
import { AppError, badRequest } from '~/server/shared/errors';
import { scoreQuiz, type QuizState } from '../quiz';
import { assertSame, type Replayer } from '../replay';

export const mrQuizReplayer: Replayer = {
  from: 'ticket',
  replay({ ticket, input }) {
    if (input.inputs !== undefined)
      throw badRequest('Mr Quiz runs send their answers one by one (POST …/runs/{runId}/answers), not "inputs".');
    const quiz = scoreQuiz(JSON.parse(ticket.quiz_json ?? 'null') as QuizState | null);
    if (!quiz.finished)
      throw new AppError(422, `This quiz is not finished: ${quiz.answered} of ${quiz.rounds} questions answered.`);
    const claimed = { score: input.score, level: input.level ?? null };
    assertSame(claimed.score, quiz.score, 'a score of', 'scores');
    assertSame(claimed.level, quiz.correct, 'level', 'reaches level');
    return { runId: input.runId, score: quiz.score, level: quiz.correct };
  },
};
