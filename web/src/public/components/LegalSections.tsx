import type { LegalSection } from '../content/legal';

export function LegalSections({
  sections,
  headingLevel = 2,
}: {
  sections: LegalSection[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ol className="legal-sections">
      {sections.map((section, index) => (
        <li key={section.title}>
          <Heading>
            {index + 1}. {section.title}
          </Heading>
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {section.items ? (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
