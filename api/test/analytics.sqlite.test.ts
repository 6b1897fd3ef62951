import { defineAnalyticsSuite } from './analytics-suite';

defineAnalyticsSuite('sqlite');
