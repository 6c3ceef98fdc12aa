/** Offline information-gathering plan: the user's goal, matched to a theme with its questions, sources and files. */
import { truncate } from '../text';

interface Theme {
  match: RegExp;
  questions: string[];
  sources: string[];
  files: string[];
}

const THEMES: Theme[] = [
  {
    match: /\b(promot\w*|senior|staff|principal|level|raise)\b/i,
    questions: [
      'What does the next level expect that you do not yet show?',
      'Which of your recent results best prove you already work at that level?',
      'Who decides, and what do they need to see?',
    ],
    sources: [
      'Your manager, about the promotion criteria and timing',
      'Someone recently promoted to the level you want',
      'The written career ladder or level descriptions',
    ],
    files: ['work-profile/achievements-log.md', 'career-goals/promotion-case.md', 'current-job-relationships/my-manager.md'],
  },
  {
    match: /\b(new job|job search|interview\w*|switch\w*|change (jobs?|company|careers?)|leave|offer|recruit\w*|apply\w*)\b/i,
    questions: [
      'What roles and companies are you targeting, and why those?',
      'Which stories prove you can do that job?',
      'What are your must-haves and deal-breakers?',
    ],
    sources: [
      'People already doing the role you want',
      'Recruiters who specialise in your field',
      'Job descriptions of five target roles, compared',
    ],
    files: ['career-goals/next-role.md', 'interview-stories/biggest-achievement.md', 'industry-relationships/recruiters.md'],
  },
  {
    match: /\b(lead\w*|manag\w*|team|people|report\w*)\b/i,
    questions: [
      'What kind of leader do you want to be, in one sentence?',
      'Where does your team need you most right now?',
      'What feedback have you had on how you lead?',
    ],
    sources: ['Your team, in one-on-ones', 'A leader you admire, over coffee', 'Your last review and upward feedback'],
    files: ['current-job-relationships/direct-reports.md', 'work-profile/feedback-received.md', 'career-goals/skills-to-develop.md'],
  },
  {
    match: /\b(skill\w*|learn\w*|course\w*|certif\w*|study|technical)\b/i,
    questions: [
      'Which skill would make the biggest difference in the next six months?',
      'How will you practise it at work, not only study it?',
      'How will you know you have improved?',
    ],
    sources: ['Someone strong in that skill', 'Your manager, about where to apply it', 'One course or book chosen by people you trust'],
    files: ['career-goals/learning-plan.md', 'career-goals/skills-to-develop.md', 'work-profile/strengths-and-skills.md'],
  },
];

const GENERAL: Theme = {
  match: /./,
  questions: [
    'What would be different in six months if this goes well?',
    'What do you already know, and what are you guessing?',
    'What is the smallest step that would teach you the most?',
  ],
  sources: ['Your manager or a mentor', 'Two people who have done something similar', 'Your own notes and past reviews'],
  files: ['career-goals/one-year-goals.md', 'work-profile/current-role.md', 'industry-relationships/mentors.md'],
};

export function offlineCoachingPlan(prompt: string): string {
  const theme = THEMES.find((t) => t.match.test(prompt)) ?? GENERAL;
  const goal = truncate(prompt, 400) || 'Get clear on your next career step.';
  return [
    '# Information-gathering plan',
    '',
    '## Your goal',
    goal,
    '',
    '## Questions to answer',
    ...theme.questions.map((q) => `- ${q}`),
    '',
    '## People and sources',
    ...theme.sources.map((s) => `- ${s}`),
    '',
    '## Files to keep in your workspace',
    ...theme.files.map((f) => `- ${f}`),
    '',
    '## First steps this week',
    `- Write two sentences in ${theme.files[0]} about where you stand today`,
    `- Book one conversation with: ${theme.sources[0]!.toLowerCase()}`,
    '- Answer the first question above in writing before that conversation',
    '',
  ].join('\n');
}
