import { defineApiSuite } from './api-suite';

defineApiSuite('postgres');
