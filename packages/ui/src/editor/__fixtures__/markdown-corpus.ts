/**
 * Real-world markdown as people write it (READMEs, notes, CVs, changelogs): the editable
 * preview must give each of these back byte for byte around an edit.
 */
export const MARKDOWN_CORPUS: { name: string; source: string }[] = [
  {
    name: 'readme with front matter, setext headings, fences and reference links',
    source: `---
title: Project notes
tags: [career, planning]
---

Career Coach
============

A small workspace for *planning* and __coaching__ sessions. See the [guide][docs] and
the [changelog](CHANGELOG.md "Changes") for details.<br>
Written by hand.

Getting started
---------------

1. Install the dependencies
2. Copy \`.env.example\` to \`.env\`
3. Run the stack:

   \`\`\`bash
   npm install
   npm run dev
   \`\`\`

~~~json
{ "port": 8080, "debug": false }
~~~

<!-- TODO: document the gateway -->

> **Note**
> The preview is sanitized before it reaches the page.

[docs]: https://example.com/docs "Documentation"
[home]: <https://example.com>
`,
  },
  {
    name: 'weekly notes with task lists and nested lists (2-space indents)',
    source: `# Week 12

## Tasks

- [ ] open task about the portfolio
- [x] done task with the mentor
- [ ] another open item
  - [ ] nested subtask here
  - [x] nested finished step

## Ideas

- first item
- second item with \`code\`
  - nested bullet under second
  - another nested bullet
    - deeper level bullet
- third item

* star bullets stay stars
* really they do

+ plus marker list
+ second plus entry
`,
  },
  {
    name: 'cv with 4-space nested lists, ordered lists and hard breaks',
    source: `# Jane Doe

Senior engineer  
Berlin, Germany\\
jane@example.com

## Experience

1. Acme Corporation
    - Led the platform migration
    - Mentored four junior engineers
        1. pairing sessions weekly
        2. reviewing design documents
2. Globex Industries
    * Built the billing pipeline
    * Reduced latency substantially

3) Parenthesis ordered entry
4) Another parenthesis entry

---

_Available for remote roles._ **Open** to relocation.
`,
  },
  {
    name: 'comparison with tables, blockquotes and html',
    source: `## Offers

| Company | Salary | Remote |
|:--------|-------:|:------:|
| Acme    | 80k    | yes    |
| Globex  | 75k    | no     |

Option | Notes
--- | ---
stay | keep learning here
leave | better growth elsewhere

> Quoted advice from a mentor:
>
> - listen more than you talk
> - write things down

<details>
<summary>Raw numbers</summary>

Some hidden paragraph text.

</details>

Final thoughts go here.
Second line of the same paragraph.
`,
  },
  {
    name: 'changelog with indented code, emphasis variants and autolinks',
    source: `# Changelog
## [1.2.0] - 2024-05-01
### Added
- Support for *star emphasis* and _underscore emphasis_
- Links like <https://example.com/releases> and www.example.org

### Fixed
- A crash when the **file** was __empty__

    indented code block line
    second indented line

Closing paragraph with a footnote-like marker [^1] and an image ![logo](logo.png).

[1.2.0]: https://example.com/compare/v1.1.0...v1.2.0
`,
  },
];
