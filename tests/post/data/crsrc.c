line one
line twoline three