import { asc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { sameEmail, type PersonalDataFile, type PersonalDataHandler } from "../privacy/handler";
import { deleteApplications } from "./retention";
import { careerApplicationMoves, careerApplicationNotes, careerApplicationRatings, careerApplications, careerResumeChunks, careerResumes } from "./schema";

async function resumeBytes(executor: Executor, resumeId: string): Promise<Uint8Array> {
  const chunks = await executor
    .select({ data: careerResumeChunks.data })
    .from(careerResumeChunks)
    .where(eq(careerResumeChunks.resumeId, resumeId))
    .orderBy(asc(careerResumeChunks.seq));
  return Buffer.concat(chunks.map((chunk) => chunk.data));
}

/** A file name safe in any archive tool: the application's id, then the name the candidate gave it. */
const archiveName = (applicationId: string, originalName: string) => `resumes/${applicationId}-${originalName.replace(/[^\w.\- ]+/g, "_").slice(-100)}`;

/**
 * Applications with their résumés. Staff's notes and ratings on an application are data about the
 * candidate too, so the archive carries them.
 */
export const careersPersonalData: PersonalDataHandler = {
  area: "applications",
  tables: [careerApplications, careerResumes, careerResumeChunks, careerApplicationMoves, careerApplicationNotes, careerApplicationRatings],

  async identify(executor, email) {
    const rows = await executor.select({ id: careerApplications.id }).from(careerApplications).where(sameEmail(careerApplications.email, email));
    return { applications: rows.map((row) => row.id) };
  },

  async export(executor, subject) {
    const ids = (subject.keys.applications ?? []) as string[];
    if (ids.length === 0) return undefined;
    const [applications, moves, notes, ratings] = await Promise.all([
      executor
        .select({ application: careerApplications, resume: careerResumes })
        .from(careerApplications)
        .innerJoin(careerResumes, eq(careerResumes.id, careerApplications.resumeId))
        .where(inArray(careerApplications.id, ids))
        .orderBy(asc(careerApplications.createdAt)),
      executor.select().from(careerApplicationMoves).where(inArray(careerApplicationMoves.applicationId, ids)).orderBy(asc(careerApplicationMoves.at)),
      executor.select().from(careerApplicationNotes).where(inArray(careerApplicationNotes.applicationId, ids)).orderBy(asc(careerApplicationNotes.createdAt)),
      executor.select().from(careerApplicationRatings).where(inArray(careerApplicationRatings.applicationId, ids)),
    ]);
    const files: PersonalDataFile[] = [];
    for (const { application, resume } of applications)
      files.push({ name: archiveName(application.id, resume.originalName), bytes: await resumeBytes(executor, resume.id) });
    return {
      records: applications.map(({ application, resume }) => ({
        id: application.id,
        position: application.jobTitle ?? "General application",
        sent_at: application.createdAt.toISOString(),
        name: application.name,
        email: application.email,
        phone: application.phone,
        cover_letter: application.coverLetter,
        resume: { file: archiveName(application.id, resume.originalName), type: resume.contentType, bytes: resume.size },
        stage: application.status,
        history: moves
          .filter((move) => move.applicationId === application.id)
          .map((move) => ({ from: move.fromStatus, to: move.toStatus, by: move.adminUsername, at: move.at.toISOString() })),
        notes: notes
          .filter((note) => note.applicationId === application.id)
          .map((note) => ({ by: note.adminUsername, at: note.createdAt.toISOString(), text: note.body })),
        ratings: ratings.filter((rating) => rating.applicationId === application.id).map((rating) => ({ by: rating.adminUsername, rating: rating.rating })),
      })),
      files,
    };
  },

  async erase(executor, subject) {
    const ids = (subject.keys.applications ?? []) as string[];
    if (ids.length === 0) return 0;
    const rows = await executor
      .select({ id: careerApplications.id, resumeId: careerApplications.resumeId })
      .from(careerApplications)
      .where(inArray(careerApplications.id, ids));
    await deleteApplications(executor, rows);
    return rows.length;
  },
};
