// Where a kept conversation's socket resumes: apart from the schema, so that the first screen
// (the conversation controller) reads it without loading IndexedDB's wrapper.

/** A seq and the event it was written with: it counts only while that event is still `highId`. */
export interface CopyResume {
  eventId: string;
  seq: number;
}

/** The seq a copy's socket may resume after, if its newest event is the one the seq was kept with. */
export const resumeSeqOf = (meta: { highId: string; resume?: CopyResume } | undefined): number | undefined =>
  meta?.resume && meta.resume.eventId === meta.highId ? meta.resume.seq : undefined;
