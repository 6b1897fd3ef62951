import { defineApiSuite } from './api-suite';

defineApiSuite('sqlite');
