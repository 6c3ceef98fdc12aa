/**
 * The questionnaires a new installation starts with (one set, shared by every user). Frozen
 * with the migration that seeds them: later changes belong to admins or to a new migration.
 */

export interface DefaultQuestion {
  title: string;
  text: string;
  prompt: string;
}
export interface DefaultSection {
  title: string;
  description: string;
  questions: DefaultQuestion[];
}

const q = (title: string, text: string, prompt: string): DefaultQuestion => ({ title, text, prompt });

export const DEFAULT_QUESTIONNAIRES: Record<string, DefaultSection[]> = {
  onboarding: [
    {
      title: 'Where you are now',
      description: 'Your role, your work and how it is going, so the coaching starts from your real situation.',
      questions: [
        q(
          'Current role',
          'What is your role, and what are you responsible for day to day?',
          'Help them describe their role concretely: title, team, scope, who they serve and what they are measured on. Ask for one example of a typical week.',
        ),
        q(
          'What is going well',
          'What parts of your work go well, and what results are you proud of from the last year?',
          'Draw out two or three specific achievements with numbers or outcomes, and what the person did themselves to make them happen.',
        ),
        q(
          'What is hard',
          'What is hardest about your work right now?',
          'Explore the challenge without judging: when it shows up, what it costs them, what they have tried. Separate what they control from what they do not.',
        ),
      ],
    },
    {
      title: 'Where you want to go',
      description: 'Your goals for the next one to three years and what success would look like.',
      questions: [
        q(
          'Career goal',
          'Where would you like your career to be in two to three years?',
          'Help them name a concrete goal (a role, a scope, a kind of work) and why it matters to them. Ask what would be true on a good day in that future.',
        ),
        q(
          'Strengths to build on',
          'Which of your strengths will get you there, and which skills do you still need?',
          'Ask for evidence of each strength (a moment others relied on it) and for the one skill gap that would make the biggest difference.',
        ),
        q(
          'Support and obstacles',
          'Who can help you, and what could get in the way?',
          'Identify sponsors, mentors and peers by name or role, and the main risks. End with one conversation they could have this month.',
        ),
      ],
    },
  ],
  start_of_day: [
    {
      title: 'Focus for today',
      description: 'Decide what matters most today before the day decides for you.',
      questions: [
        q(
          'Top priority',
          'What is the one thing that would make today a success?',
          'Help them choose one outcome, not a task list. Ask why it matters and what "done" looks like by the end of the day.',
        ),
        q(
          'Plan and time',
          'When will you work on it, and what else is on your calendar?',
          'Check that the priority has protected time. Ask which meeting or task could move, shrink or be declined to make room.',
        ),
      ],
    },
    {
      title: 'Energy and mindset',
      description: 'Notice how you start the day so you can work with your energy, not against it.',
      questions: [
        q(
          'Energy check',
          'How is your energy this morning, and what might drain it today?',
          'Ask for a rating from 1 to 10 and the reason. Help them plan one thing that protects their energy (a break, a walk, saying no).',
        ),
        q(
          'Intention',
          'How do you want to show up today, especially in your most important conversation?',
          'Help them pick the conversation that matters most today and one behaviour they want to practise in it.',
        ),
      ],
    },
  ],
  end_of_day: [
    {
      title: 'Review the day',
      description: 'Look back at what happened while it is fresh.',
      questions: [
        q(
          'Accomplishments',
          'What did you get done today, and did you move your top priority forward?',
          'Ask for specific results and compare them with the morning priority. If it slipped, explore what got in the way without blame.',
        ),
        q(
          'Challenges',
          'What was difficult today, and how did you handle it?',
          'Help them describe one difficult moment: what happened, what they did, and what they would do differently next time.',
        ),
      ],
    },
    {
      title: 'Learn and close',
      description: 'Turn the day into a lesson and leave work at work.',
      questions: [
        q(
          'Lesson',
          'What did you learn today about your work, the people around you or yourself?',
          'Push for one specific insight and the evidence behind it. Ask how they will use it tomorrow.',
        ),
        q(
          'Tomorrow',
          'What is the first thing you will do tomorrow, and what can you let go of tonight?',
          'Help them write down one clear first step for tomorrow and name anything still on their mind so they can switch off.',
        ),
      ],
    },
  ],
  start_of_week: [
    {
      title: 'Goals for the week',
      description: 'Set the few outcomes that would make this week count.',
      questions: [
        q(
          'Weekly outcomes',
          'What two or three outcomes would make this week a success?',
          'Help them state outcomes, not activities, each with a way to tell it is done. Check they connect to a bigger goal.',
        ),
        q(
          'Key meetings and deadlines',
          'Which meetings, deadlines or decisions this week matter most?',
          'Identify the moments that need preparation and when they will prepare. Ask what a good result in each would be.',
        ),
      ],
    },
    {
      title: 'Risks and support',
      description: 'See what could derail the week while there is still time to act.',
      questions: [
        q(
          'Risks',
          'What could get in the way of your outcomes this week?',
          'Explore the biggest risk, how likely it is, and one step that lowers it. Include workload and energy, not only project risks.',
        ),
        q(
          'Help needed',
          'Whose help or input do you need this week, and when will you ask?',
          'Help them name the person, the request in one sentence, and the day they will ask.',
        ),
      ],
    },
  ],
  end_of_week: [
    {
      title: 'Week in review',
      description: 'Take stock of the week before the next one starts.',
      questions: [
        q(
          'Results',
          'Which of your outcomes for the week did you reach, and which not?',
          'Go through each outcome with evidence. For any missed one, ask what happened and whether it still matters.',
        ),
        q(
          'Wins',
          'What is the win from this week you most want to remember?',
          'Help them describe the win with its impact and their own part in it, in a form they could reuse in a review or an interview.',
        ),
      ],
    },
    {
      title: 'Lessons and next week',
      description: 'Carry what you learned into the week ahead.',
      questions: [
        q(
          'What to change',
          'What would you do differently if you could replay this week?',
          'Ask for one concrete change in how they planned, worked or communicated, and why it would help.',
        ),
        q(
          'Carry forward',
          'What carries over into next week, and what will you drop?',
          'Help them sort open items into carry, delegate or drop, and choose the first priority for next week.',
        ),
      ],
    },
  ],
  monthly: [
    {
      title: 'Progress this month',
      description: 'Step back from the daily work to see the direction.',
      questions: [
        q(
          'Goal progress',
          'How far did you get this month on your main professional goals?',
          'Ask for progress on each goal in concrete terms (numbers, milestones) and whether the pace is right.',
        ),
        q(
          'Achievements',
          'What did you achieve this month that you would put in your achievements log?',
          'Help them capture one or two achievements with situation, action and result, and who noticed.',
        ),
      ],
    },
    {
      title: 'Growth and relationships',
      description: 'How you are developing and who you are building relationships with.',
      questions: [
        q(
          'Skill growth',
          'Which skill did you practise this month, and how do you know you improved?',
          'Look for a specific situation where they used the skill and any feedback they received. Ask what to practise next month.',
        ),
        q(
          'Relationships',
          'Which working relationships grew or strained this month?',
          'Explore one relationship in depth: what happened, how they contributed, and one step to invest in it next month.',
        ),
        q(
          'Next month',
          'What is your main focus for next month?',
          'Help them choose one focus that serves their bigger goals and the first step they will take in the first week.',
        ),
      ],
    },
  ],
  quarterly: [
    {
      title: 'Quarter in review',
      description: 'What the last three months added up to.',
      questions: [
        q(
          'Impact',
          'What was your most important impact this quarter?',
          'Help them describe the impact for the business or the team with evidence, and their own role in it.',
        ),
        q(
          'Missed goals',
          'Which goals did you not reach this quarter, and why?',
          'Explore causes honestly (priorities, capacity, skills, circumstances) and whether each goal should be kept, changed or dropped.',
        ),
      ],
    },
    {
      title: 'Direction',
      description: 'Check that your work still points where you want your career to go.',
      questions: [
        q(
          'Career alignment',
          'Is your current work moving you toward your career goals?',
          'Ask what in their work builds toward the goal and what does not. Help them find one change in scope or focus to propose.',
        ),
        q(
          'Feedback',
          'What feedback did you receive this quarter, and what will you do with it?',
          'Draw out specific feedback (who, what, when), how they feel about it, and one action it leads to.',
        ),
        q(
          'Next quarter',
          'What are your two or three goals for next quarter?',
          'Help them state measurable goals with a first milestone for each, and who needs to know about them.',
        ),
      ],
    },
  ],
  semester: [
    {
      title: 'Six months in review',
      description: 'A half-year view of your growth, results and satisfaction.',
      questions: [
        q(
          'Biggest growth',
          'How have you grown professionally in the last six months?',
          'Compare who they were six months ago with today: new skills, responsibilities, confidence. Ask for evidence of each.',
        ),
        q(
          'Satisfaction',
          'How satisfied are you with your work and career right now, and why?',
          'Ask for a rating from 1 to 10 and what would raise it by two points. Separate the job, the team, the growth and the balance.',
        ),
      ],
    },
    {
      title: 'The next six months',
      description: 'Decide what the next half-year is for.',
      questions: [
        q(
          'Big goal',
          'What is the one big thing you want to have achieved six months from now?',
          'Help them choose one ambitious but realistic goal, why it matters, and the milestones at two and four months.',
        ),
        q(
          'Development plan',
          'What will you learn, and who will help you, in the next six months?',
          'Help them pick one or two skills, how they will practise them at work, and a mentor or sponsor to involve.',
        ),
      ],
    },
  ],
};
