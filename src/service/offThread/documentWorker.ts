/**
 * A document worker: does the jobs DocumentWorkers posts (runJob) and answers each. The
 * context and the shapes are compiled as soon as it starts, before its first job.
 */
import { answerJobs } from './answerJobs.js';
import { runJob } from './documentJobs.js';

answerJobs(runJob);
