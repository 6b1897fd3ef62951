import { defineAnalyticsSuite, defineSharedDatabaseSuite } from './analytics-suite';

defineAnalyticsSuite('postgres');
defineSharedDatabaseSuite();
