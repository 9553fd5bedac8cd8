/**
 * Training: the calendar of events, the training items and gallery, assessments to take (scored
 * here, each attempt a result with its certificate PDF in the file store) and the partner's results.
 */
import { randomUUID } from "node:crypto";
import type {
  Assessment,
  AssessmentOutcome,
  AssessmentPaper,
  AssessmentResult,
  EventListResponse,
  GalleryImage,
  SignedUrlResponse,
  TrainingTopic,
} from "@portal/contracts";
import {
  ASSESSMENT_PASS_PERCENT,
  catalogueLinkOf,
  contentMessages,
  indiaDay,
  MEDIA_URL_TTL_SECONDS,
  resultPercent,
  SIGNED_URL_TTL_SECONDS,
  scoreAssessment,
  TRAINING_GALLERY_SIZE,
  trainingProductsPath,
  trainingRange,
} from "@portal/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { type FileStore, isStorageKey } from "../../lib/file-store";
import type { Disposition } from "../../lib/signed-url";
import { pickProduct } from "./catalogue-picks";
import { resultPdf } from "./demo-files";
import * as repo from "./library-repo";

export interface TrainingDeps {
  db: Db;
  store: FileStore;
  now: () => Date;
  /** The library's signer of file addresses. */
  sign: (key: string, ttl?: number, disposition?: Disposition) => SignedUrlResponse;
}

export function createTrainingService(deps: TrainingDeps) {
  const { db, store, now, sign } = deps;
  return {
    async events(body: { fromDate?: string | null; toDate?: string | null }): Promise<EventListResponse> {
      const range = trainingRange(body, now());
      const rows = await repo.eventsBetween(db, range.fromDate, range.toDate);
      return {
        ...range,
        events: rows.map((e) => ({
          id: e.id,
          title: e.title,
          category: e.category,
          trainer: e.trainer,
          mode: e.mode,
          location: e.location,
          date: e.eventDate,
          startTime: e.startTime,
          seats: e.seats,
        })),
      };
    },

    /**
     * The training topics: "See the products" goes to a real listing of what the topic's link names
     * (an old link the web app does not answer becomes the search for its words), and the picture is
     * a product of that listing (else the stored picture).
     */
    async trainingItems(): Promise<TrainingTopic[]> {
      const rows = await repo.allTrainingItems(db);
      return Promise.all(
        rows.map(async (t) => {
          const link = catalogueLinkOf(t.productsLink);
          const product = link && !link.search ? await pickProduct(db, link) : null;
          return {
            id: t.id,
            category: t.category,
            subcategory: t.subcategory,
            image: product?.image.url ?? t.image,
            imageAlt: product ? `${t.subcategory}: ${product.name}` : t.subcategory,
            productsLink: trainingProductsPath(t.productsLink, t.subcategory),
          };
        }),
      );
    },

    /** The training gallery: six images. */
    async gallery(): Promise<GalleryImage[]> {
      const rows = (await repo.filesOfKinds(db, ["trainingGallery"])).slice(0, TRAINING_GALLERY_SIZE);
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        url: sign(r.storageKey, MEDIA_URL_TTL_SECONDS).url,
      }));
    },

    async assessments(userId: number): Promise<Assessment[]> {
      return (await repo.assessmentsWithTaken(db, userId)).map(({ a, resultId }) => ({
        id: a.id,
        title: a.title,
        category: a.category,
        questions: a.questions,
        durationMinutes: a.durationMinutes,
        dueOn: a.dueOn,
        taken: resultId !== null,
      }));
    },

    /** An assessment to take: its questions and choices in order, never the right answers. */
    async paper(userId: number, id: number): Promise<AssessmentPaper> {
      const a = await repo.assessmentById(db, id);
      if (!a) throw notFound(contentMessages.assessmentNotFound);
      const [questions, taken] = await Promise.all([
        repo.questionsOf(db, id),
        repo.assessmentsWithTaken(db, userId),
      ]);
      return {
        id: a.id,
        title: a.title,
        category: a.category,
        questions: questions.length,
        durationMinutes: a.durationMinutes,
        dueOn: a.dueOn,
        taken: taken.some((t) => t.a.id === id && t.resultId !== null),
        questionList: questions.map((q) => ({
          id: q.id,
          position: q.position,
          text: q.text,
          choices: q.choices,
        })),
      };
    },

    /**
     * A partner's answers to an assessment: every question answered once with one of its choices
     * (400 otherwise, with the reason). Scored here, stored as a result with its certificate (a PDF
     * in the file store, downloaded like every result), and answered with each answer right or not.
     * An assessment may be taken again: each attempt is a result of its own.
     */
    async submit(
      userId: number,
      id: number,
      answers: readonly { questionId: number; choice: number }[],
    ): Promise<AssessmentOutcome> {
      const a = await repo.assessmentById(db, id);
      if (!a) throw notFound(contentMessages.assessmentNotFound);
      const questions = await repo.questionsOf(db, id);
      const byId = new Map(questions.map((q) => [q.id, q]));
      const given = new Map<number, number>();
      for (const answer of answers) {
        const q = byId.get(answer.questionId);
        if (!q || given.has(answer.questionId)) throw badRequest(contentMessages.unknownQuestion);
        if (answer.choice >= q.choices.length) throw badRequest(contentMessages.unknownChoice);
        given.set(answer.questionId, answer.choice);
      }
      if (given.size !== questions.length || questions.length === 0)
        throw badRequest(contentMessages.answerEveryQuestion);
      const scored = scoreAssessment(questions, given);
      const at = now();
      const takenOn = indiaDay(at);
      const key = `results/${userId}/${randomUUID()}.pdf`;
      const user = (await db.select().from(users).where(eq(users.id, userId)).limit(1))[0];
      const partner = user ? (user.storeName ?? `${user.firstname} ${user.lastname ?? ""}`.trim()) : "";
      await store.put(
        key,
        await resultPdf({ assessment: a.title, partner, score: scored.score, total: scored.total, takenOn }),
      );
      const row = await repo.insertResult(db, {
        userId,
        assessmentId: id,
        score: scored.score,
        total: scored.total,
        takenOn,
        storageKey: key,
        createdAt: at,
      });
      return {
        result: {
          id: row.id,
          assessment: a.title,
          score: row.score,
          total: row.total,
          percent: scored.percent,
          takenOn,
          key,
        },
        passed: scored.passed,
        passPercent: ASSESSMENT_PASS_PERCENT,
        review: questions.map((q) => ({
          questionId: q.id,
          chosen: given.get(q.id) ?? -1,
          correct: scored.correct.get(q.id) ?? false,
        })),
      };
    },

    async results(userId: number): Promise<AssessmentResult[]> {
      return (await repo.resultsOf(db, userId)).map(({ r, title }) => ({
        id: r.id,
        assessment: title,
        score: r.score,
        total: r.total,
        percent: resultPercent(r.score, r.total),
        takenOn: r.takenOn,
        key: r.storageKey,
      }));
    },

    /** POST /api/result/download: only the caller's own result (another partner's: 404). */
    async resultUrl(userId: number, key: string): Promise<SignedUrlResponse> {
      const found = isStorageKey(key) ? await repo.resultByKey(db, key) : null;
      if (!found || found.r.userId !== userId) throw notFound(contentMessages.resultNotFound);
      return sign(found.r.storageKey, SIGNED_URL_TTL_SECONDS, "attachment");
    },
  };
}
