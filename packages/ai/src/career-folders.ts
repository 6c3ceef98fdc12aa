/**
 * What the product knows about career folders: the seven of docs/dashboard.md#suggestions, a few more for when
 * those exist, and for each the headings a file in it has, what each heading is about
 * (keywords), the question a coach asks to fill it, and file ideas. The prompts quote it and
 * the offline coach runs on it.
 */
import { STAR_ALIASES, STAR_HEADINGS, STAR_KEYWORDS } from '@cc/contracts/star';
import { suggestionKey } from './text';
import type { Suggestion } from './types';

export interface GuideSection {
  heading: string;
  /** Other headings a user may have written for the same thing. */
  aliases: string[];
  /** What a sentence about this heading tends to contain. */
  keywords: RegExp;
  /** One focused follow-up question that fills this heading. */
  question: string;
  /** What to write under the heading in a draft. */
  hint: string;
}

export interface FolderGuide {
  name: string;
  description: string;
  sections: GuideSection[];
  files: Suggestion[];
}

const section = (heading: string, keywords: RegExp, question: string, hint: string, aliases: string[] = []): GuideSection => ({
  heading,
  keywords,
  question,
  hint,
  aliases,
});

export const CAREER_FOLDERS: FolderGuide[] = [
  {
    name: 'work-profile',
    description:
      'Your current role, scope, strengths, skills and achievements: the baseline for reviews, CVs and every career conversation.',
    sections: [
      section(
        'Role and scope',
        /\b(role|title|position|responsible for|report(s|ing)? to|team of|I manage|scope|my job|I work (as|at|on))\b/i,
        'What is your current role, and what are you responsible for day to day?',
        'Title, team, who you report to and what you own.',
        ['role', 'current role', 'scope', 'position'],
      ),
      section(
        'Key achievements',
        /(\b(achiev\w*|accomplish\w*|delivered|launched|award\w*|promot\w*|increased|reduced|saved|improved|shipped)\b|\d+\s?%)/i,
        'What is an achievement from the last year you are proud of, and what did it change, in numbers if you can?',
        'Two to five wins with their impact, ideally measured.',
        ['achievements', 'accomplishments', 'wins', 'impact'],
      ),
      section(
        'Strengths',
        /\b(strength\w*|good at|known for|excel\w*|best at|people come to me|feedback)\b/i,
        'What do colleagues come to you for, and what would they say you are best at?',
        'What you are known for, with an example each.',
        ['strengths', 'superpowers'],
      ),
      section(
        'Skills and tools',
        /\b(skill\w*|tools?|languages?|frameworks?|certifi\w*|experience (with|in)|proficient|expert|fluent)\b/i,
        'Which skills and tools do you use most, and which are you building right now?',
        'Skills, tools and certifications you use, and your level.',
        ['skills', 'tools', 'technical skills'],
      ),
      section(
        'Growth areas',
        /\b(weakness\w*|grow\w*|develop\w*|learning|gaps?|struggle\w*|working on|get better)\b/i,
        'What is one area you are actively working to grow in?',
        'One or two areas you are developing and how.',
        ['development areas', 'areas for growth', 'development'],
      ),
    ],
    files: [
      { name: 'current-role.md', description: 'Title, team, scope and responsibilities of your current job.' },
      { name: 'achievements-log.md', description: 'A running list of wins with their measurable impact, for reviews and CVs.' },
      { name: 'strengths-and-skills.md', description: 'What you are known for, the skills and tools you use, with examples.' },
      { name: 'feedback-received.md', description: 'Praise and constructive feedback from managers, peers and reviews.' },
      { name: 'elevator-pitch.md', description: 'A 30-second introduction of who you are professionally and what you do best.' },
      { name: 'growth-areas.md', description: 'The skills and habits you are developing, and how you practise them.' },
      { name: 'performance-review-notes.md', description: 'Evidence and talking points for your next performance review.' },
      { name: 'cv-highlights.md', description: 'The bullet points your CV and LinkedIn profile should carry.' },
    ],
  },
  {
    name: 'current-projects',
    description: 'Projects you are working on now: their goals, your role, status, stakeholders, risks and next steps.',
    sections: [
      section(
        'Goal',
        /\b(goals?|aim|objective|purpose|so that|in order to|trying to|meant to)\b/i,
        'What is this project trying to achieve, and why does it matter?',
        'What success looks like and why the project exists.',
        ['objective', 'goals', 'purpose', 'overview'],
      ),
      section(
        'My role',
        /\b(my role|I (lead|own|manage|run|drive|coordinate)|I am responsible|I'm responsible|in charge)\b/i,
        'What is your role on it, and what do you own?',
        'What you own and decide.',
        ['role', 'responsibilities'],
      ),
      section(
        'Status',
        /(\b(status|progress|on track|behind|ahead|milestones?|phase|done|completed?|finished|launch(ed)?|beta)\b|\d+\s?%)/i,
        'Where does it stand right now: what is done and what is next?',
        'Where things stand, with dates.',
        ['progress', 'current status', 'milestones'],
      ),
      section(
        'Stakeholders',
        /\b(stakeholders?|manager|boss|client|customers?|sponsor|partners?|director|vp|cto|ceo|product owner|users)\b/i,
        'Who are the key people involved, and what do they care about?',
        'Who is involved, what each cares about.',
        ['people', 'team', 'key people'],
      ),
      section(
        'Risks and blockers',
        /\b(risks?|block\w*|issues?|problems?|concerns?|delay\w*|depend\w*|challeng\w*|worried)\b/i,
        'What could get in the way, and what would unblock it?',
        'What could go wrong and the plan for it.',
        ['risks', 'blockers', 'challenges', 'issues'],
      ),
      section(
        'Next steps',
        /\b(next|this week|tomorrow|deadline|I will|I'll|we will|plan to|going to)\b/i,
        'What are the next two or three steps, and by when?',
        'The next actions with owners and dates.',
        ['next actions', 'todo', 'to do', 'action items'],
      ),
    ],
    files: [
      { name: 'project-overview.md', description: 'Goal, scope, your role and how success is measured.' },
      { name: 'status-updates.md', description: 'Dated progress notes you can reuse in stand-ups and reports.' },
      { name: 'stakeholder-map.md', description: 'Who is involved, what they care about and how to keep them informed.' },
      { name: 'risks-and-blockers.md', description: 'What could derail the project and how you are handling it.' },
      { name: 'decisions-log.md', description: 'Key decisions, who made them and why.' },
      { name: 'wins-to-remember.md', description: 'Results from this project worth citing in a review or interview.' },
      { name: 'next-steps.md', description: 'Upcoming actions, owners and dates.' },
      { name: 'lessons-so-far.md', description: 'What is working, what is not, and what you would change.' },
    ],
  },
  {
    name: 'past-projects',
    description: 'Finished projects worth remembering: what they were, your contribution, the impact and what you learned.',
    sections: [
      section(
        'Overview',
        /\b(the project|it was|was about|at (the )?company|context|background|we built|years? ago|in 20\d\d)\b/i,
        'What was the project, and where and when did it happen?',
        'What the project was, where and when.',
        ['summary', 'context', 'background', 'about'],
      ),
      section(
        'My contribution',
        /\b(I (built|led|designed|wrote|created|ran|owned|drove|managed|introduced|proposed)|my (role|part|contribution))\b/i,
        'What was your personal contribution?',
        'What you did yourself, in the first person.',
        ['my role', 'contribution', 'role'],
      ),
      section(
        'Impact',
        /(\b(impact|results?|outcomes?|increased|reduced|saved|improved|revenue|users|customers)\b|\d+\s?%)/i,
        'What changed because of it, and can you put a number on it?',
        'Measurable outcomes and who benefited.',
        ['results', 'outcome', 'outcomes'],
      ),
      section(
        'Lessons learned',
        /\b(learn\w*|lessons?|differently|next time|taught me|realized|realised|mistakes?)\b/i,
        'What did you learn that you would carry into your next project?',
        'What you would repeat and what you would change.',
        ['lessons', 'learnings', 'takeaways'],
      ),
      section(
        'Skills used',
        /\b(skills?|tools?|technolog\w*|stack|methods?|frameworks?)\b/i,
        'Which skills or tools did it showcase?',
        'Skills and tools it demonstrates.',
        ['skills', 'technologies', 'tools'],
      ),
    ],
    files: [
      { name: 'project-summary.md', description: 'A one-page record of the project, your part and its results.' },
      { name: 'biggest-impact-project.md', description: 'The project with the largest measurable impact you have delivered.' },
      { name: 'hardest-project.md', description: 'The most difficult project you finished, and how you got it over the line.' },
      { name: 'lessons-learned.md', description: 'Lessons from finished projects to carry into new ones.' },
      { name: 'portfolio-highlights.md', description: 'Projects to show in a portfolio or interview, with links and numbers.' },
      { name: 'failed-project-retrospective.md', description: 'A project that did not go to plan, what happened and what you learned.' },
      { name: 'side-projects.md', description: 'Projects outside work that show your skills and interests.' },
    ],
  },
  {
    name: 'interview-stories',
    description: 'Stories for behavioural interviews in STAR form (situation, task, action, result), ready to tell in two minutes.',
    // The STAR headings and their aliases are the ones the dashboard reads a story file by (@cc/contracts/story-file).
    sections: [
      section(
        STAR_HEADINGS.situation,
        STAR_KEYWORDS.situation,
        'Set the scene: where were you working, and what was going on?',
        'Where and when, and the challenge the team faced.',
        STAR_ALIASES.situation,
      ),
      section(
        STAR_HEADINGS.task,
        STAR_KEYWORDS.task,
        'What exactly were you expected to achieve, and why did it fall to you?',
        'What you personally had to achieve.',
        STAR_ALIASES.task,
      ),
      section(
        STAR_HEADINGS.action,
        STAR_KEYWORDS.action,
        'Walk me through what you did, step by step. What choices did you make yourself?',
        'The steps you took, in the first person, and why.',
        STAR_ALIASES.action,
      ),
      section(
        STAR_HEADINGS.result,
        STAR_KEYWORDS.result,
        'How did it end, and what changed because of what you did (numbers help)?',
        'The outcome, measured where possible.',
        STAR_ALIASES.result,
      ),
      section(
        'Reflection',
        /\b(learn\w*|lessons?|differently|taught me|realized|realised|takeaways?)\b/i,
        'What did you take away from it, and what would you do differently next time?',
        'What you learned and would do differently.',
        ['lessons learned', 'learnings', 'takeaways'],
      ),
    ],
    files: [
      { name: 'leading-under-pressure.md', description: 'A time you led a team or effort through a tight deadline or crisis.' },
      { name: 'resolving-a-conflict.md', description: 'A disagreement with a colleague or stakeholder and how you resolved it.' },
      { name: 'learning-from-failure.md', description: 'A mistake or failure, what you did about it and what you learned.' },
      { name: 'influencing-without-authority.md', description: 'Getting people to act on your idea when you were not their manager.' },
      { name: 'biggest-achievement.md', description: 'The accomplishment you are proudest of, with measurable results.' },
      { name: 'handling-ambiguity.md', description: 'Making progress when the goal or the path was unclear.' },
      { name: 'customer-focus.md', description: 'Going beyond expectations for a customer or user.' },
      { name: 'improving-a-process.md', description: 'A process you made faster, cheaper or more reliable.' },
      { name: 'mentoring-someone.md', description: 'Helping a colleague grow, and what changed for them.' },
      { name: 'difficult-decision.md', description: 'A hard call with incomplete information and how it played out.' },
    ],
  },
  {
    name: 'career-goals',
    description: 'Where you want your career to go: short- and long-term goals, why they matter, timelines and the steps to get there.',
    sections: [
      section(
        'Goal',
        /\b(goals?|I want to|I'd like to|I would like to|aspire|dream|aim|become|target|next role)\b/i,
        'What goal are you working towards in the next year or two?',
        'The goal, stated concretely.',
        ['goals', 'the goal', 'vision'],
      ),
      section(
        'Why it matters',
        /\b(because|motivat\w*|matters|important|passion\w*|excit\w*|meaning\w*|values?)\b/i,
        'Why does that goal matter to you?',
        'Your motivation and values behind it.',
        ['motivation', 'why'],
      ),
      section(
        'Timeline',
        /\b(by (the )?(end|next|20\d\d)|years?|months?|quarters?|timeline|within|soon)\b/i,
        'By when would you like to get there?',
        'Target dates and milestones.',
        ['milestones', 'timeframe'],
      ),
      section(
        'Gaps to close',
        /\b(gaps?|missing|need to (learn|build|get|improve)|lack\w*|experience in|certifi\w*)\b/i,
        'What stands between you and that goal today?',
        'Skills, experience or visibility you still need.',
        ['gaps', 'development needs', 'obstacles'],
      ),
      section(
        'Next steps',
        /\b(next step|first step|this week|start\w*|plan to|I will|I'll|going to)\b/i,
        'What is one step you could take this week?',
        'Concrete actions with dates.',
        ['action plan', 'actions', 'plan'],
      ),
      section(
        'Support',
        /\b(mentors?|sponsors?|my manager|coach\w*|network\w*|support\w*|ask for help)\b/i,
        'Who could help you get there?',
        'People and resources who can help.',
        ['people who can help', 'mentors'],
      ),
    ],
    files: [
      { name: 'one-year-goals.md', description: 'What you want to achieve in the next twelve months and how you will measure it.' },
      { name: 'five-year-vision.md', description: 'The role, scope and life you are aiming for in five years.' },
      { name: 'skills-to-develop.md', description: 'The skills that stand between you and your next role, and a plan for each.' },
      { name: 'next-role.md', description: 'The role you want next: title, scope, companies, and what it takes.' },
      { name: 'promotion-case.md', description: 'The evidence and plan for your next promotion.' },
      { name: 'learning-plan.md', description: 'Courses, books and practice for the quarter.' },
      { name: 'values-and-motivators.md', description: 'What energises you at work and what you want to avoid.' },
    ],
  },
  {
    name: 'current-job-relationships',
    description:
      'People at your current workplace (manager, peers, reports, stakeholders): how you work together and how to invest in each relationship.',
    sections: [
      section(
        'Who they are',
        /\b(manager|boss|colleagues?|peers?|reports?|skip|director|lead|teammates?|stakeholders?|works? (in|on|as))\b/i,
        'Who is someone at work you want a stronger relationship with, and what is their role?',
        'Name, role, and how you are connected.',
        ['people', 'person', 'who', 'role'],
      ),
      section(
        'How we work together',
        /\b(work (together|with)|collaborat\w*|1:1|one-on-one|weekly|meet(ing)?s?|relationship)\b/i,
        'How do you work together today?',
        'Meetings, shared work and the state of the relationship.',
        ['working together', 'relationship'],
      ),
      section(
        'What they care about',
        /\b(cares? about|priorit\w*|pressure|values?|worried about|focused on|goals?)\b/i,
        'What do they care about most right now?',
        'Their priorities, pressures and goals.',
        ['priorities', 'their goals'],
      ),
      section(
        'How I can help',
        /\b(I (can|could) help|support|offer|contribute|make (it|their)|help them)\b/i,
        'How could you make their work easier?',
        'What you can offer them.',
        ['how i can add value', 'giving'],
      ),
      section(
        'Next touchpoint',
        /\b(next|coffee|lunch|follow up|catch up|reach out|schedule|check in)\b/i,
        'When and how will you next connect?',
        'The next conversation and what to bring to it.',
        ['follow-ups', 'next steps'],
      ),
    ],
    files: [
      { name: 'my-manager.md', description: 'Your manager: priorities, working style, and what they need from you.' },
      { name: 'key-stakeholders.md', description: 'The people whose support your work depends on, and how to keep it.' },
      { name: 'peers-and-allies.md', description: 'Colleagues you collaborate with and how you help each other.' },
      { name: 'skip-level-relationship.md', description: "Your manager's manager: what they care about and how they see you." },
      { name: 'direct-reports.md', description: 'The people you lead: goals, strengths and how you support them.' },
      { name: 'one-on-one-notes.md', description: 'Topics and outcomes of your one-on-ones.' },
      { name: 'relationship-goals.md', description: 'Relationships at work you want to build this quarter, and how.' },
    ],
  },
  {
    name: 'industry-relationships',
    description: 'Contacts beyond your company (mentors, former colleagues, peers, recruiters, communities) and how you stay in touch.',
    sections: [
      section(
        'Contacts',
        /\b(mentors?|recruiters?|peers?|founders?|former|ex-\w+|contacts?|met (at|through)|I know|connections?|linkedin)\b/i,
        'Who in your industry do you want to stay in touch with, and how do you know them?',
        'Who they are and how you met.',
        ['people', 'network', 'who'],
      ),
      section(
        'Shared interests',
        /\b(interests?|both|in common|topics?|passion\w*|share)\b/i,
        'What do you have in common with them?',
        'Topics you can talk about together.',
        ['common ground', 'topics'],
      ),
      section(
        'Communities and events',
        /\b(conferences?|meetups?|communit\w*|events?|slack|groups?|forums?|associations?|podcasts?)\b/i,
        'Which communities or events do you take part in, or want to?',
        'Where you show up and contribute.',
        ['communities', 'events'],
      ),
      section(
        'How I can add value',
        /\b(I (can|could) (help|offer|introduce)|introduc\w*|share|offer|give back|volunteer)\b/i,
        'What could you offer them in return?',
        'Introductions, knowledge or help you can give.',
        ['giving', 'how i can help'],
      ),
      section(
        'Follow-ups',
        /\b(next|coffee|follow up|reach out|catch up|message|email|schedule|invite)\b/i,
        'When will you next reach out, and with what?',
        'Who to contact next, when and why.',
        ['next steps', 'follow ups', 'next touchpoints'],
      ),
    ],
    files: [
      { name: 'mentors.md', description: 'Mentors outside your company, what you learn from each, and when you last spoke.' },
      { name: 'former-colleagues.md', description: 'People you worked with before and want to stay close to.' },
      { name: 'recruiters.md', description: 'Recruiters you know, their focus and your last conversations.' },
      { name: 'communities-and-events.md', description: 'Meetups, conferences and online groups you take part in.' },
      { name: 'networking-plan.md', description: 'Who you want to meet this quarter and how you will reach them.' },
      { name: 'people-to-reconnect-with.md', description: 'Contacts that have gone quiet and a reason to reach out to each.' },
      { name: 'industry-peers.md', description: 'People in similar roles elsewhere to compare notes with.' },
    ],
  },
];

/**
 * Offered after the seven, so a user who has them all, or turned some down, still gets as many
 * ideas as the count asks for (up to 10).
 */
export const EXTRA_FOLDERS: Suggestion[] = [
  {
    name: 'skills-and-learning',
    description: 'Courses, books and practice plans for the skills you are building, and notes from what you learn.',
  },
  { name: 'feedback-and-reviews', description: 'Feedback you have received, performance reviews and self-assessments, in one place.' },
  { name: 'job-search', description: 'Target roles and companies, applications, interview preparation and offers.' },
  { name: 'leadership', description: 'How you lead: decisions, delegation, difficult conversations, and the leaders you learn from.' },
  { name: 'mentoring', description: 'The people you mentor and those who mentor you: goals, sessions and what changed.' },
  { name: 'side-projects', description: 'Projects outside your job that build skills or reputation, with their status and lessons.' },
  { name: 'personal-brand', description: 'How you want to be known: your pitch, profiles, talks and writing.' },
  { name: 'speaking-and-writing', description: 'Talks, articles and posts you have given or plan, with ideas and feedback.' },
  { name: 'certifications', description: 'Certifications and courses you hold or plan, with dates and what each is worth to you.' },
  { name: 'compensation', description: 'Salary history, market data and notes for your next pay conversation or negotiation.' },
  { name: 'wellbeing', description: 'Energy, workload and boundaries: what keeps your career sustainable.' },
  { name: 'company-research', description: 'Companies you are interested in: their products, culture, and the people you know there.' },
  { name: 'career-story', description: 'The story of your career so far: the turns you took and why, for introductions and interviews.' },
];

const GENERIC_SECTIONS: GuideSection[] = [
  section(
    'Overview',
    /\b(is about|overview|context|background|summary)\b/i,
    'What is this about, in a sentence or two?',
    'What this file is about.',
    ['summary', 'about', 'context'],
  ),
  section(
    'Key points',
    /(\b(important|key|main|because|learned|noticed|realized|realised)\b|\d)/i,
    'What is the most important thing to remember here, with an example?',
    'The facts and examples that matter.',
    ['details', 'notes', 'highlights'],
  ),
  section(
    'Next steps',
    /\b(next|will|plan to|going to|tomorrow|this week|todo|to do|follow up)\b/i,
    'What would you like to do next about it?',
    'What to do next, with dates.',
    ['actions', 'action items', 'follow-ups'],
  ),
];

/** Guides for the product's own chats: coaching questions, meetings, planning, people, journal. */
const SPECIAL_GUIDES: Record<string, GuideSection[]> = {
  coaching: [
    section(
      'What happened',
      /\b(today|yesterday|this week|happened|I did|we did|I worked|meeting|went)\b/i,
      'What happened, in one concrete example?',
      'The facts of the period.',
      ['events', 'what i did'],
    ),
    section(
      'What went well',
      /\b(went well|proud|good|great|success\w*|win|enjoy\w*|happy)\b/i,
      'What went well, and what made it work?',
      'Wins and why they worked.',
      ['wins', 'highlights'],
    ),
    section(
      'What was hard',
      /\b(hard|difficult|struggl\w*|frustrat\w*|stuck|challeng\w*|stress\w*|tired)\b/i,
      'What was hard, and what did it teach you?',
      'Challenges and what they taught.',
      ['challenges', 'struggles'],
    ),
    section(
      'What I will do next',
      /\b(next|tomorrow|will|going to|plan to|try|change)\b/i,
      'What will you do differently or next, starting when?',
      'Commitments with dates.',
      ['next steps', 'commitments'],
    ),
  ],
  meetings: [
    section(
      'Goals',
      /\b(goals?|want to|outcome|decide|agree|align)\b/i,
      'What do you want to walk out of this meeting with?',
      'The outcomes you want.',
      ['objectives'],
    ),
    section(
      'Agenda',
      /\b(agenda|topics?|discuss|cover|review|update)\b/i,
      'Which topics need to be covered, in what order?',
      'Topics with time boxes.',
      ['topics'],
    ),
    section(
      'Anticipating',
      /\b(might|may|could|worried|concern\w*|objection\w*|push ?back|question)\b/i,
      'What questions or objections do you expect, and how will you answer them?',
      'Questions and objections to prepare for.',
      ['concerns', 'preparation'],
    ),
    section(
      'Follow-ups',
      /\b(follow up|next|send|owner|by (monday|tuesday|wednesday|thursday|friday)|action)\b/i,
      'What needs to happen after the meeting, and who owns it?',
      'Actions, owners and dates.',
      ['action items', 'followups'],
    ),
  ],
  planning: [
    section('Priorities', /\b(priorit\w*|important|focus|must|goal)\b/i, 'What matters most in the next two weeks?', 'What matters most.', [
      'focus',
    ]),
    section(
      'Deadlines',
      /\b(deadline|due|by (the )?(end|monday|tuesday|wednesday|thursday|friday)|date|\d{4}-\d{2}-\d{2})\b/i,
      'Which dates are fixed, and what depends on them?',
      'Dates and what depends on them.',
      ['dates', 'milestones'],
    ),
    section(
      'Next actions',
      /\b(next|todo|to do|will|need to|should)\b/i,
      'What is the very next action, and when will you do it?',
      'The next actions.',
      ['actions', 'todos'],
    ),
  ],
  person: [
    section(
      'Background',
      /\b(works? (at|as|in|on|for)|runs?|leads?|role|company|title|background|joined|used to|met|know|knew)\b/i,
      'How do you know them, and what is their role?',
      'Who they are and how you know them.',
      ['who they are', 'profile'],
    ),
    section(
      'What they care about',
      /\b(cares? about|priorit\w*|interest\w*|goals?|values?|focused on|worried)\b/i,
      'What do they care about most right now?',
      'Their priorities and interests.',
      ['interests', 'priorities'],
    ),
    section(
      'How we work together',
      /\b(work (together|with)|meet|1:1|collaborat\w*|relationship|help)\b/i,
      'How do the two of you work together today?',
      'The relationship as it is.',
      ['relationship'],
    ),
    section(
      'Next conversation',
      /\b(next|ask|talk about|coffee|follow up|catch up|reach out)\b/i,
      'What would you like to get from your next conversation with them?',
      'What to raise next time.',
      ['next steps', 'follow-ups'],
    ),
  ],
  journal: [
    section(
      'Today',
      /\b(today|this morning|this afternoon|tonight|happened|I did|went)\b/i,
      'What happened today that you want to remember?',
      'What happened.',
      ['what happened', 'events'],
    ),
    section(
      'Reflections',
      /\b(felt|feel|learn\w*|realized|realised|noticed|grateful|proud|frustrat\w*)\b/i,
      'How did it feel, and what did you notice about yourself?',
      'Feelings and insights.',
      ['thoughts', 'insights'],
    ),
    section(
      'Tomorrow',
      /\b(tomorrow|next|will|plan to|going to)\b/i,
      'What is one thing you want to do tomorrow?',
      'Intentions for tomorrow.',
      ['next steps', 'plans'],
    ),
  ],
};

/** Folders we know nothing about get the generic headings; there any fact fills the overview. */
export const isGenericGuide = (sections: GuideSection[]): boolean => sections === GENERIC_SECTIONS;

export function folderGuide(folder: string): FolderGuide | undefined {
  const key = suggestionKey(folder);
  return CAREER_FOLDERS.find((f) => f.name === key);
}

/** The headings a file in this folder has (a generic set for folders we do not know). */
export function sectionsFor(folder: string, options: { person?: boolean } = {}): GuideSection[] {
  if (options.person) return SPECIAL_GUIDES.person!;
  const key = suggestionKey(folder);
  return folderGuide(key)?.sections ?? SPECIAL_GUIDES[key] ?? GENERIC_SECTIONS;
}

export const FOLDER_SUGGESTIONS: Suggestion[] = [
  ...CAREER_FOLDERS.map(({ name, description }) => ({ name, description })),
  ...EXTRA_FOLDERS,
];
