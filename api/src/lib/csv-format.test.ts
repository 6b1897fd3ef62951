import { describe, expect, it } from 'vitest';
import { csvRecord, neutraliseFormulaCell, restoreFormulaCell } from './csv-format';

describe('csvRecord', () => {
  it('puts a quote before what a spreadsheet would run, and quotes that cell', () => {
    for (const cell of ['=1+1', '+1', '-1+1', '@SUM(A1)', '\t=1', '\r=1', '\uFF1D1', '\uFF0B1']) {
      expect(csvRecord([cell])).toBe(`"'${cell}"\r\n`);
    }
    expect(csvRecord(['\uFF0D1', '\uFF20x'])).toBe(`"'\uFF0D1","'\uFF20x"\r\n`);
  });

  it('leaves plain negative numbers and ordinary text alone', () => {
    expect(csvRecord(['-5', '-1.5', 'Rp 150.000', '35', ''])).toBe('-5,-1.5,Rp 150.000,35,\r\n');
  });

  it('quotes any cell with a delimiter, a quote, a lone CR or a lone LF', () => {
    expect(csvRecord(['a,b', 'a;b', 'a"b', 'a\nb', 'a\rb'])).toBe(
      '"a,b","a;b","a""b","a\nb","a\rb"\r\n',
    );
  });
});

describe('restoreFormulaCell', () => {
  it('gives back exactly the text that was neutralised, quotes of its own included', () => {
    for (const text of ['=1', "'=1", "''+1", "'plain", 'plain', '-5', "'-5", '', "'"]) {
      expect(restoreFormulaCell(neutraliseFormulaCell(text))).toBe(text);
    }
  });
});
