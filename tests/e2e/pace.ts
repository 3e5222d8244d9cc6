/**
 * How much slower a step may be in this run: twice beside the CPU hog (scripts/cpu-hog.mjs sets
 * DESK_CPU_HOG), which looks for races, not for speed. Long tests scale their own time limits by it.
 */
export const PACE = process.env.DESK_CPU_HOG ? 2 : 1;
