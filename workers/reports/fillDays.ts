/** The day filling lives in src/domain (the sales overview page runs it while rendering); the worker keeps its name. */
export * from '../../src/domain/salesOverviewDays';
